package org.crowd4j.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plain path of {@link TextReader} reads what the strict path reads, or declines. */
class PlainTextAnswersTest {
  @TempDir Path dir;

  private static final TextReader.Layout LAYOUT = TextReader.Layout.defaults();

  private Path write(String name, byte[] bytes) throws Exception {
    Path p = dir.resolve(name);
    Files.write(p, bytes);
    return p;
  }

  private Path write(String name, String text) throws Exception {
    return write(name, text.getBytes(StandardCharsets.UTF_8));
  }

  /** What a read gives: the answers in full, or the error message. */
  private static String outcome(Path file, boolean strict) {
    try {
      TextAnswers d =
          strict
              ? TextReader.readStrictly(file, LAYOUT, CsvFormat.defaults())
              : TextReader.read(file, LAYOUT, CsvFormat.defaults());
      StringBuilder sb = new StringBuilder();
      sb.append(d.tasks().names()).append(d.workers().names()).append('\n');
      for (int a = 0; a < d.size(); a++) {
        sb.append(d.task(a)).append(' ').append(d.worker(a)).append(" [");
        sb.append(d.text(a)).append("]\n");
      }
      for (int t = 0; t < d.tasks().size(); t++) {
        sb.append(java.util.Arrays.toString(d.answersOf(t)));
      }
      return sb.append('\n').append(d.digest()).toString();
    } catch (CrowdFormatException e) {
      return "error: " + e.getMessage();
    }
  }

  private void assertSame(Path file) {
    assertEquals(outcome(file, true), outcome(file, false), file.toString());
  }

  @Test
  void plainFilesAreReadFromBytes() throws Exception {
    String[] plain = {
      "task,worker,text\nt1,w1, a  b \nt1,w2,\nt2,w1,é 😀 x\n",
      "\uFEFFtask,worker,text\r\nt1,w1,a b\r\nt2,w1,c",
      "text,extra,worker,task\n a,1,w,t\n,2,v,t\n",
      " task , worker ,text\nt 1,w 1,a\n",
    };
    for (int i = 0; i < plain.length; i++) {
      Path f = write("plain" + i + ".csv", plain[i]);
      assertNotNull(PlainTextAnswers.read(f, ',', "task", "worker", "text"), plain[i]);
      assertSame(f);
    }
    Path tsv = write("p.tsv", "task\tworker\ttext\nt1\tw1\ta, b\n");
    assertNotNull(PlainTextAnswers.read(tsv, '\t', "task", "worker", "text"));
    assertSame(tsv);
  }

  @Test
  void otherFilesAreLeftToTheStrictReader() throws Exception {
    String[] other = {
      "task,worker,text\nt1,w1,\"a, b\"\n",
      "task,worker,text\nt1,w1,a\tb\n",
      "task,worker,text\nt1,w1,a\u0085b\n",
      "task,worker,text\nt1,w1,a\u2028b\n",
      "task,worker,text\nt1, w1,a\n",
      "task,worker,text\nt1,,a\n",
      "task,worker,text\nt1,w1,a\n\nt2,w1,b\n",
      "task,worker,text\nt1,w1,a\nt1,w1,b\n",
      "task,worker,text\nt1,w1,a,b\n",
      "task,worker,text\nt1,w1\n",
      "task,worker,text\n",
      "task,worker,texts\nt1,w1,a\n",
      "task,worker,task\nt1,w1,a\n",
      "task,worker,text\nt1,w1,a\rt2,w1,b\n",
      "task,worker,text,é\nt1,w1,a,b\n",
      "task,worker,text,x\nt1,w1,a,é\n",
      "\ntask,worker,text\nt1,w1,a\n",
    };
    for (int i = 0; i < other.length; i++) {
      Path f = write("other" + i + ".csv", other[i]);
      assertNull(PlainTextAnswers.read(f, ',', "task", "worker", "text"), other[i]);
      assertSame(f);
    }
    Path bad =
        write(
            "bad.csv",
            new byte[] {
              't',
              'a',
              's',
              'k',
              ',',
              'w',
              'o',
              'r',
              'k',
              'e',
              'r',
              ',',
              't',
              'e',
              'x',
              't',
              '\n',
              't',
              ',',
              'w',
              ',',
              (byte) 0xC3,
              '\n'
            });
    assertNull(PlainTextAnswers.read(bad, ',', "task", "worker", "text"));
    assertSame(bad);
    assertNull(PlainTextAnswers.read(dir.resolve("missing.csv"), ',', "task", "worker", "text"));
    assertSame(dir.resolve("missing.csv"));
  }

  @Test
  void randomFilesReadAlike() throws Exception {
    String[] pieces = {"a", "b", " ", ",", "\"", "é", "😀", "\t", "\u0085", "x y", "\r"};
    SplittableRandom r = new SplittableRandom(11);
    int plainCount = 0;
    for (int f = 0; f < 400; f++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      boolean crlf = r.nextInt(4) == 0;
      boolean fancy = r.nextInt(3) == 0;
      String eol = crlf ? "\r\n" : "\n";
      out.writeBytes(("worker,task,text" + eol).getBytes(StandardCharsets.UTF_8));
      int rows = 1 + r.nextInt(40);
      for (int i = 0; i < rows; i++) {
        StringBuilder text = new StringBuilder();
        for (int k = r.nextInt(5); k > 0; k--) {
          text.append(pieces[r.nextInt(fancy ? pieces.length : 3)]);
        }
        String worker = "w" + r.nextInt(fancy ? 3 : 30);
        String task = (fancy && r.nextInt(20) == 0 ? " t" : "t") + (i / 3);
        out.writeBytes((worker + "," + task + "," + text).getBytes(StandardCharsets.UTF_8));
        if (i + 1 < rows || r.nextBoolean()) {
          out.writeBytes(eol.getBytes(StandardCharsets.UTF_8));
        }
      }
      Path file = write("r" + f + ".csv", out.toByteArray());
      if (PlainTextAnswers.read(file, ',', "task", "worker", "text") != null) {
        plainCount++;
      }
      assertSame(file);
    }
    assertEquals(true, plainCount > 100, "plain files: " + plainCount);
  }

  @Test
  void largeFileAcrossBlocks() throws Exception {
    StringBuilder sb = new StringBuilder("task,worker,text\n");
    for (int i = 0; i < 60_000; i++) {
      sb.append('t').append(i / 5).append(",w").append(i % 5).append(",word").append(i % 97);
      sb.append(" é".repeat(i % 7)).append('\n');
    }
    Path f = write("large.csv", sb.toString());
    assertNotNull(PlainTextAnswers.read(f, ',', "task", "worker", "text"));
    assertSame(f);
  }
}
