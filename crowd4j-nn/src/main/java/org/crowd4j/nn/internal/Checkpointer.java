package org.crowd4j.nn.internal;

import java.io.IOException;
import java.nio.file.Path;

/** Saves the model of the best epoch so far while training runs (the checkpoint option). */
@FunctionalInterface
public interface Checkpointer {
  /**
   * Writes {@code checkpoint} as the model folder {@code dir}.
   *
   * @param checkpoint the network and annotator model of the best epoch so far (its network shares
   *     the training loop's memory: do not close it)
   * @param dir the folder
   * @throws IOException when the folder cannot be written
   */
  void save(TrainingResult checkpoint, Path dir) throws IOException;
}
