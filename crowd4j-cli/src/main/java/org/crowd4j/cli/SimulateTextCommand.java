package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.Tokenizer;
import org.crowd4j.text.TranscriptSimulator;
import org.crowd4j.text.WordErrorRate;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j simulate-text}: transcripts of known sentences by noisy annotators. */
@Command(
    name = "simulate-text",
    mixinStandardHelpOptions = true,
    description =
        "Simulate transcribers: every annotator copies every true sentence with word"
            + " substitutions, insertions and deletions; annotator k of n errs at (0.5 + k/(n-1))"
            + " times the given rates, so the crowd ranges from careful to careless. Writes"
            + " answers.csv (task,worker,text), gold.csv (task,text) and workers.csv (each"
            + " annotator's rates) to a folder.",
    footer = {
      "",
      "Example: crowd4j simulate-text --tasks 200 --annotators 7 --seed 1 --out sim/",
      "         crowd4j aggregate-text --answers sim/answers.csv --method rover"
          + " --gold sim/gold.csv"
    })
final class SimulateTextCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--tasks",
      defaultValue = "100",
      paramLabel = "N",
      description = "Sentences to transcribe (default: ${DEFAULT-VALUE}).")
  int tasks;

  @Option(
      names = "--annotators",
      defaultValue = "5",
      paramLabel = "N",
      description = "Annotators, each transcribing every sentence (default: ${DEFAULT-VALUE}).")
  int annotators;

  @Option(
      names = "--vocabulary",
      defaultValue = "500",
      paramLabel = "N",
      description = "Words w0… drawn with Zipf frequencies (default: ${DEFAULT-VALUE}).")
  int vocabulary;

  @Option(
      names = "--min-words",
      defaultValue = "5",
      paramLabel = "N",
      description = "Shortest sentence (default: ${DEFAULT-VALUE}).")
  int minWords;

  @Option(
      names = "--max-words",
      defaultValue = "15",
      paramLabel = "N",
      description = "Longest sentence (default: ${DEFAULT-VALUE}).")
  int maxWords;

  @Option(
      names = "--substitution",
      defaultValue = "0.1",
      paramLabel = "P",
      description = "Mean probability of replacing a word (default: ${DEFAULT-VALUE}).")
  double substitution;

  @Option(
      names = "--insertion",
      defaultValue = "0.05",
      paramLabel = "P",
      description = "Mean probability of inserting a word (default: ${DEFAULT-VALUE}).")
  double insertion;

  @Option(
      names = "--deletion",
      defaultValue = "0.05",
      paramLabel = "P",
      description = "Mean probability of dropping a word (default: ${DEFAULT-VALUE}).")
  double deletion;

  @Option(
      names = "--seed",
      defaultValue = "0",
      paramLabel = "N",
      description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder.")
  Path out;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    if (tasks < 1 || annotators < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--tasks and --annotators must be at least 1");
    }
    TranscriptSimulator.Annotator[] crowd = new TranscriptSimulator.Annotator[annotators];
    List<String> truths;
    try {
      for (int k = 0; k < annotators; k++) {
        double f = Spread.factor(k, annotators);
        crowd[k] =
            new TranscriptSimulator.Annotator(
                Spread.rate(substitution, f, "--substitution"),
                Spread.rate(insertion, f, "--insertion"),
                Spread.rate(deletion, f, "--deletion"));
      }
      truths = TranscriptSimulator.sentences(tasks, vocabulary, minWords, maxWords, seed);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    TranscriptSimulator.Crowd sim = TranscriptSimulator.simulate(truths, crowd, vocabulary, seed);
    TextAnswers data = sim.answers();
    List<String[]> answers = new ArrayList<>(data.size());
    List<List<String>> refs = new ArrayList<>();
    List<List<String>> hyps = new ArrayList<>();
    for (int k = 0; k < annotators; k++) {
      refs.add(new ArrayList<>());
      hyps.add(new ArrayList<>());
    }
    for (int a = 0; a < data.size(); a++) {
      String task = data.tasks().name(data.task(a));
      answers.add(new String[] {task, data.workers().name(data.worker(a)), data.text(a)});
      int k = Integer.parseInt(data.workers().name(data.worker(a)).substring(1));
      refs.get(k).add(truths.get(Integer.parseInt(task.substring(1))));
      hyps.get(k).add(data.text(a));
    }
    List<String[]> gold = new ArrayList<>(tasks);
    for (int t = 0; t < tasks; t++) {
      gold.add(new String[] {"t" + t, truths.get(t)});
    }
    double[] wer = new double[annotators];
    List<String[]> workers = new ArrayList<>(annotators);
    for (int k = 0; k < annotators; k++) {
      wer[k] = WordErrorRate.of(refs.get(k), hyps.get(k), Tokenizer.WHITESPACE);
      workers.add(
          new String[] {
            "a" + k,
            Spread.text(crowd[k].substitution()),
            Spread.text(crowd[k].insertion()),
            Spread.text(crowd[k].deletion()),
            Spread.text(wer[k])
          });
    }
    SimulatedFolder.write(
        out,
        "text",
        answers,
        gold,
        List.of("worker", "substitution", "insertion", "deletion", "wer"),
        workers);
    double best = java.util.Arrays.stream(wer).min().orElse(Double.NaN);
    PrintWriter pw = spec.commandLine().getOut();
    if (output.json) {
      ObjectNode j = Output.object("simulate-text");
      j.put("tasks", tasks);
      j.put("annotators", annotators);
      j.put("answers", data.size());
      j.put("seed", seed);
      Output.put(j, "bestAnnotatorWer", best);
      Output.put(j, "out", out);
      Output.print(pw, j);
    } else if (output.human()) {
      pw.printf(
          Locale.ROOT,
          "simulated %d transcripts of %d sentences by %d annotators (word error rates %.3f to"
              + " %.3f)%n",
          data.size(),
          tasks,
          annotators,
          best,
          java.util.Arrays.stream(wer).max().orElse(Double.NaN));
      SimulatedFolder.printWritten(pw, out, "answers.csv, gold.csv, workers.csv");
    }
    return ExitCodes.OK;
  }
}
