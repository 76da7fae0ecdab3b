package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.crowd4j.nn.ReferenceExperiments;
import org.junit.jupiter.api.Test;

/** {@code reproduce} finds the experiments through their service, not by compiling against them. */
class ReproduceCommandTest {
  @Test
  void theServiceOnTheClassPathGivesTheExperimentsAndTheHelpLine() {
    ReferenceExperiments provider = ReferenceExperiments.find().orElseThrow();
    assertEquals("org.crowd4j.experiments.ReproduceExperiments", provider.getClass().getName());
    assertTrue(provider.usage().startsWith("labelme|music|"), provider.usage());
    List<String> names = ReproduceCommand.experiments();
    assertTrue(
        names.containsAll(List.of("labelme", "music", "learning-to-vote", "folder")), "" + names);
    String[] description =
        Main.commandLine()
            .getSubcommands()
            .get("reproduce")
            .getCommandSpec()
            .usageMessage()
            .description();
    assertArrayEquals(
        new String[] {
          "Run the neural learners' reference experiments (LabelMe, Music, MNIST flippers,"
              + " CoNAL synthetic common noise, speed and memory) and print a table.",
          "Settings: " + provider.usage()
        },
        description);
  }
}
