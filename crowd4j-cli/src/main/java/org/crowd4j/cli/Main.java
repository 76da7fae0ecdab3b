package org.crowd4j.cli;

import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.method.MethodList;
import org.crowd4j.numeric.NumericMethods;
import org.crowd4j.pairwise.RankingMethods;
import org.crowd4j.segmentation.MaskMethods;
import org.crowd4j.text.TextMethods;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code crowd4j} command. Exit codes ({@link ExitCodes}): 0 success, 1 failed run, 2 usage
 * error (bad option, unknown method, missing input file), 3 bad input data (the message names
 * file:line and field).
 */
@Command(
    name = "crowd4j",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Learning from crowds: aggregate noisy labels and estimate annotator quality.",
    footerHeading = "%n",
    footer = {
      "Options of a command: crowd4j COMMAND --help",
      "User guide: docs/README.md",
      "Shell completion: source <(crowd4j completion)"
    })
public final class Main implements Runnable {
  static {
    // The command line never downloads: its PyTorch native library lies beside crowd4j.jar (lib/).
    // The library modules leave this choice to the application; -Dai.djl.offline=false overrides.
    if (System.getProperty("ai.djl.offline") == null) {
      System.setProperty("ai.djl.offline", "true");
    }
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
  }

  /**
   * The subcommands' names, in the order of the help's command list. Each one's class is named in
   * {@link #command(String)} only, so that a run loads (and picocli reflects over) the command it
   * runs and no other.
   */
  static final List<String> COMMANDS =
      List.of(
          "aggregate",
          "aggregate-text",
          "aggregate-numeric",
          "aggregate-masks",
          "aggregate-multilabel",
          "simulate",
          "evaluate",
          "export",
          "demo",
          "train",
          "predict",
          "recommend",
          "reproduce",
          "report",
          "plot",
          "rank",
          "simulate-pairwise",
          "simulate-multilabel",
          "simulate-text",
          "simulate-masks",
          "completion",
          "help");

  /** The class of the subcommand {@code name} (one of {@link #COMMANDS}). */
  static Class<?> command(String name) {
    return switch (name) {
      case "aggregate" -> AggregateCommand.class;
      case "aggregate-text" -> AggregateTextCommand.class;
      case "aggregate-numeric" -> AggregateNumericCommand.class;
      case "aggregate-masks" -> AggregateMasksCommand.class;
      case "aggregate-multilabel" -> AggregateMultiLabelCommand.class;
      case "simulate" -> SimulateCommand.class;
      case "evaluate" -> EvaluateCommand.class;
      case "export" -> ExportCommand.class;
      case "demo" -> DemoCommand.class;
      case "train" -> TrainCommand.class;
      case "predict" -> PredictCommand.class;
      case "recommend" -> RecommendCommand.class;
      case "reproduce" -> ReproduceCommand.class;
      case "report" -> ReportCommand.class;
      case "plot" -> PlotCommand.class;
      case "rank" -> RankCommand.class;
      case "simulate-pairwise" -> SimulatePairwiseCommand.class;
      case "simulate-multilabel" -> SimulateMultiLabelCommand.class;
      case "simulate-text" -> SimulateTextCommand.class;
      case "simulate-masks" -> SimulateMasksCommand.class;
      case "completion" -> CompletionCommand.class;
      case "help" -> CommandLine.HelpCommand.class;
      default -> throw new IllegalArgumentException("no command " + name);
    };
  }

  /** Builds the command line with every subcommand (also used by tests). */
  public static CommandLine commandLine() {
    return commandLine(COMMANDS);
  }

  /**
   * Builds the command line that {@code args} need: with the one subcommand they run when the first
   * argument names it, with none for {@code --version} alone, else with every subcommand (the
   * top-level help lists them, {@code help} and {@code completion} walk them, a misspelt command
   * gets suggestions from them). Each command's options, help and exit codes are those of the full
   * command line; start-up loads only the classes of the command that runs.
   */
  static CommandLine commandLine(String[] args) {
    if (versionOnly(args)) {
      return commandLine(List.of());
    }
    if (args.length > 0
        && COMMANDS.contains(args[0])
        && !args[0].equals("help")
        && !args[0].equals("completion")) {
      return commandLine(List.of(args[0]));
    }
    return commandLine();
  }

  /** Whether {@code args} are {@code --version} (or {@code -V}) alone. */
  static boolean versionOnly(String[] args) {
    return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
  }

  /** The command line with the subcommands {@code names} (in {@link #COMMANDS}' order). */
  private static CommandLine commandLine(List<String> names) {
    CommandLine cl = new CommandLine(new Main());
    for (String name : names) {
      cl.addSubcommand(name, command(name));
    }
    Map<String, CommandLine> sub = cl.getSubcommands();
    if (sub.containsKey("aggregate")) {
      sub.get("aggregate").getCommandSpec().usageMessage().footer(AggregateCommand.methodList());
    }
    if (sub.containsKey("train")) {
      sub.get("train").getCommandSpec().usageMessage().footer(TrainCommand.learnerList());
    }
    if (sub.containsKey("reproduce")) {
      ReproduceCommand.settingsInHelp(sub.get("reproduce").getCommandSpec().usageMessage());
    }
    if (sub.containsKey("aggregate-text")) {
      methodsInHelp(cl, "aggregate-text", TextMethods.LIST, 18);
    }
    if (sub.containsKey("aggregate-masks")) {
      methodsInHelp(cl, "aggregate-masks", MaskMethods.LIST, 4);
    }
    if (sub.containsKey("rank")) {
      methodsInHelp(cl, "rank", RankingMethods.LIST, 8);
    }
    if (sub.containsKey("aggregate-numeric")) {
      methodsInHelp(cl, "aggregate-numeric", NumericMethods.LIST, 6);
    }
    exitCodesInHelp(cl);
    cl.setParameterExceptionHandler(Main::usageError);
    cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> failure(ex, cmd));
    return cl;
  }

  /** Puts the catalogue's list of {@code command}'s methods before its footer's own lines. */
  private static void methodsInHelp(CommandLine cl, String command, MethodList<?> list, int width) {
    CommandLine.Model.UsageMessageSpec usage =
        cl.getSubcommands().get(command).getCommandSpec().usageMessage();
    List<String> footer = new ArrayList<>();
    footer.add(HelpList.methods(list, width).stripTrailing());
    footer.addAll(List.of(usage.footer()));
    usage.footer(footer.toArray(new String[0]));
  }

  private static void exitCodesInHelp(CommandLine cl) {
    CommandLine.Model.UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
    usage.exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCodes.helpList());
    if (usage.footer().length == 0) {
      usage.footer("");
    }
    for (CommandLine sub : cl.getSubcommands().values()) {
      exitCodesInHelp(sub);
    }
  }

  /** A usage error: the message, picocli's suggestions, where to get help; exit code 2. */
  private static int usageError(CommandLine.ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    PrintWriter err = cmd.getErr();
    err.println(cmd.getCommandSpec().qualifiedName() + ": " + ex.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
    optionSuggestions(ex, err);
    err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
    err.flush();
    return ExitCodes.USAGE;
  }

  /**
   * "Did you mean '--gold'?" for each unknown option picocli found no suggestion for: the command's
   * options closest to it by edit distance.
   */
  private static void optionSuggestions(CommandLine.ParameterException ex, PrintWriter err) {
    if (!(ex instanceof CommandLine.UnmatchedArgumentException u)
        || !u.getSuggestions().isEmpty()) {
      return;
    }
    List<String> names = new ArrayList<>();
    for (CommandLine.Model.OptionSpec o : ex.getCommandLine().getCommandSpec().options()) {
      names.addAll(List.of(o.names()));
    }
    for (String arg : u.getUnmatched()) {
      if (!arg.startsWith("--")) {
        continue;
      }
      int eq = arg.indexOf('=');
      String hint = Suggestions.didYouMean(eq < 0 ? arg : arg.substring(0, eq), names);
      if (!hint.isEmpty()) {
        err.println(arg + ":" + hint);
      }
    }
  }

  /** An error while running: bad input data gives 3, a missing file 2, anything else 1. */
  static int failure(Exception ex, CommandLine cmd) {
    PrintWriter err = cmd.getErr();
    String name = cmd.getCommandSpec().qualifiedName();
    int code = ExitCodes.FAILURE;
    String message = ex.getMessage() == null ? ex.toString() : ex.getMessage();
    if (ex instanceof CrowdFormatException bad) {
      if (bad.getCause() instanceof NoSuchFileException && bad.file() != null) {
        code = ExitCodes.USAGE;
        message += "." + Checks.similarFiles(bad.file());
        message = message.replace("..", ".");
      } else {
        code = ExitCodes.BAD_INPUT;
      }
    } else if (ex instanceof BadInputException || ex instanceof ModelFileException) {
      code = ExitCodes.BAD_INPUT;
    } else if (ex instanceof NoSuchFileException missing) {
      code = ExitCodes.USAGE;
      message = "no such file: " + missing.getFile();
    }
    err.println(name + ": " + message);
    err.flush();
    return code;
  }

  /** Entry point. */
  public static void main(String[] args) {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
    System.setProperty("org.slf4j.simpleLogger.showLogName", "false");
    System.setProperty("org.slf4j.simpleLogger.log.ai.djl.util.cuda.CudaUtils", "error");
    if (versionOnly(args)) {
      // as picocli prints it (mixinStandardHelpOptions), without building the command line
      for (String line : new VersionProvider().getVersion()) {
        System.out.println(line);
      }
      System.out.flush();
      System.exit(ExitCodes.OK);
    }
    System.exit(commandLine(args).execute(args));
  }
}
