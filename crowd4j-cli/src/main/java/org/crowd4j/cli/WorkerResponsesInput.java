package org.crowd4j.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where a SageMaker Ground Truth job keeps its workers' answers, for the commands that read it. */
final class WorkerResponsesInput {
  @Option(
      names = "--worker-responses",
      paramLabel = "DIR",
      description =
          "SageMaker Ground Truth: the job's annotations/worker-response folder, where each"
              + " worker's answer is (default: found from the manifest's place in the job's"
              + " output).")
  Path workerResponses;
}
