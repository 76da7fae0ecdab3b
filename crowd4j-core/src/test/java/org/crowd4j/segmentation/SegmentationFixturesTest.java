package org.crowd4j.segmentation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

/** crowd-kit's segmentation fixtures (exact). */
class SegmentationFixturesTest {
  private static MaskAnswers read(String name) throws Exception {
    return MaskReader.read(
        SharedData.suite("data/" + name), MaskReader.Layout.defaults(), CsvFormat.defaults());
  }

  private static void assertSuite(String file, MaskAnswers data, SegmentationResult r)
      throws Exception {
    Path p = SharedData.suite("suite/" + file);
    int rows = 0;
    try (CsvRecords t = CsvRecords.open(p, CsvFormat.defaults())) {
      int tc = t.column("task");
      int sc = t.column("agg_segmentation");
      while (t.next()) {
        String task = t.id(tc);
        assertEquals(t.id(sc), r.mask(data.tasks().id(task)).toRows(), file + " task " + task);
        rows++;
      }
    }
    assertEquals(data.tasks().size(), rows);
  }

  @Test
  void majorityVote() throws Exception {
    MaskAnswers data = read("image_simple.csv");
    assertSuite(
        "SegmentationMajorityVote__image_simple__segmentations.csv",
        data,
        new SegmentationMajorityVote().fit(data));
  }

  @Test
  void weightedMajorityVoteWithGivenAndDefaultSkills() throws Exception {
    MaskAnswers data = read("image_with_skills.csv");
    Map<String, Double> skills =
        MaskReader.readSkills(
            SharedData.suite("data/image_with_skills_skills.csv"), CsvFormat.defaults());
    String file = "SegmentationMajorityVote__image_with_skills__segmentations.csv";
    assertSuite(
        file,
        data,
        new SegmentationMajorityVote(
                new SegmentationMajorityVote.Options(
                    skills, SegmentationMajorityVote.MissingSkill.ERROR, Double.NaN))
            .fit(data));
    Map<String, Double> dropped = new HashMap<>(skills);
    dropped.remove("e044b0849dfa9ce3dee5debbefb3b5da");
    assertSuite(
        file,
        data,
        new SegmentationMajorityVote(
                new SegmentationMajorityVote.Options(
                    dropped, SegmentationMajorityVote.MissingSkill.VALUE, 3))
            .fit(data));
  }

  @Test
  void rasaWithBothStoppingRules() throws Exception {
    MaskAnswers data = read("image_simple.csv");
    for (SegmentationRasa.Options o :
        List.of(new SegmentationRasa.Options(10, 0), new SegmentationRasa.Options(100500, 1e-5))) {
      assertSuite(
          "SegmentationRASA__image_simple__segmentations.csv",
          data,
          new SegmentationRasa(o).fit(data));
    }
  }

  @Test
  void emWithBothStoppingRules() throws Exception {
    MaskAnswers data = read("image_simple.csv");
    for (SegmentationEm.Options o :
        List.of(new SegmentationEm.Options(10, 0), new SegmentationEm.Options(100500, 1e-5))) {
      assertSuite(
          "SegmentationEM__image_simple__segmentations.csv", data, new SegmentationEm(o).fit(data));
    }
  }
}
