"""Pairwise, texts and segmentation classes against crowd-kit's fixtures."""

import numpy as np
import pandas as pd
import pytest

import crowd4j
from conftest import read, series


def scores(relative):
    return {k: float(v) for k, v in series(relative).items()}


@pytest.mark.parametrize("data", ["bt_abc", "bt_equal"])
@pytest.mark.parametrize("n_iter", [10, 1000])
def test_bradley_terry_matches_without_tolerance(data, n_iter):
    got = crowd4j.BradleyTerry(n_iter=n_iter, tol=0).fit_predict(read("data/%s.csv" % data))
    assert got.name == "agg_score" and got.index.name == "label"
    want = scores("observed/BradleyTerry__%s__n_iter%d_tol0.0__scores.csv" % (data, n_iter))
    assert sorted(got.index) == sorted(want)
    for item, score in want.items():
        assert got[item] == pytest.approx(score, abs=1e-9)


def test_bradley_terry_suite_expectations():
    abc, equal = read("data/bt_abc.csv"), read("data/bt_equal.csv")
    np.testing.assert_allclose(crowd4j.BradleyTerry(n_iter=0, tol=0).fit_predict(abc), 1 / 3, atol=0.005)
    np.testing.assert_allclose(crowd4j.BradleyTerry(n_iter=10, tol=0).fit_predict(equal), 1 / 3, atol=0.005)
    ten = crowd4j.BradleyTerry(n_iter=10, tol=0).fit_predict(abc)
    np.testing.assert_allclose(ten[["a", "b", "c"]], [0.934, 0.065, 0.0], atol=0.005)
    # with tol > 0 the change is measured properly (crowd-kit 1.4.1 stops after two updates)
    converged = crowd4j.BradleyTerry(n_iter=100, tol=1e-5).fit(abc)
    assert converged.scores_["a"] > 0.99
    assert converged.loss_history_[-1] >= converged.loss_history_[0]


def test_noisy_bt_orders_the_items_and_reports_workers():
    model = crowd4j.NoisyBT().fit(read("data/bt_abc.csv"))
    s = model.scores_
    assert s["a"] > s["b"] > s["c"]
    assert model.skills_.index.name == "worker" and model.biases_.name == "bias"


def test_a_label_that_names_neither_item_is_refused():
    bad = pd.DataFrame({"worker": ["w"], "left": ["a"], "right": ["b"], "label": ["c"]})
    with pytest.raises(ValueError, match="neither item"):
        crowd4j.BradleyTerry().fit(bad)


def texts_with_embeddings():
    data = read("data/text_simple.csv")
    data["embedding"] = data["embedding"].map(lambda s: np.array([float(x) for x in s.split()]))
    truth = read("data/text_simple_true_embeddings.csv").set_index("task")["embedding"]
    truth = truth.map(lambda s: np.array([float(x) for x in s.split()]))
    return data, truth


@pytest.mark.parametrize("cls", [crowd4j.RASA, crowd4j.HRRASA])
@pytest.mark.parametrize("n_iter,tol", [(100, 0), (100500, 1e-9)])
def test_embedding_methods_match_the_suite(cls, n_iter, tol):
    data, truth = texts_with_embeddings()
    got = cls(n_iter=n_iter, tol=tol).fit_predict(data, true_embeddings=truth)
    want = read("suite/%s__text_simple__embeddings_and_outputs.csv" % cls.__name__).set_index("task")
    assert sorted(got.index) == sorted(want.index)
    for task, row in want.iterrows():
        assert got.loc[task, "output"] == row["output"], task
        np.testing.assert_allclose(got.loc[task, "embedding"],
                                   [float(x) for x in row["embedding"].split()], rtol=1e-5)


@pytest.mark.parametrize("distance,want,vector", [("cosine", "far", [10.0, 0.0]),
                                                   ("euclidean", "near", [1.0, 0.9])])
def test_closest_to_average_picks_the_answer_nearest_the_mean(distance, want, vector):
    data = pd.DataFrame({
        "task": ["t", "t", "t"], "worker": ["a", "b", "c"], "output": ["far", "near", "mid"],
        "embedding": [np.array([10.0, 0.0]), np.array([1.0, 0.9]), np.array([0.0, 3.0])]})
    got = crowd4j.ClosestToAverage(distance=distance).fit_predict(data)
    # the mean is (11/3, 1.3): at 19.5 degrees "far" (0 degrees) is closest in angle, "near"
    # (42 degrees, 2.70 away) closest in Euclidean distance
    assert got.loc["t", "output"] == want
    np.testing.assert_allclose(got.loc["t", "embedding"], vector)


def test_rover_toy():
    data = read("data/rover_toy.csv")
    got = crowd4j.ROVER(tokenizer=lambda s: s.split(" "), detokenizer=" ".join).fit_predict(data)
    assert got.name == "agg_text" and got.index.name == "task"
    assert got.to_dict() == series("suite/ROVER__rover_toy__texts.csv")


def test_rover_simple_texts():
    data = read("data/text_simple.csv").rename(columns={"output": "text"})
    got = crowd4j.ROVER(tokenizer=lambda s: s.split(" "), detokenizer=" ".join).fit_predict(data)
    assert {str(k): v for k, v in got.items()} == series("suite/ROVER__text_simple__texts.csv")


def masks(relative):
    data = read(relative)
    data["segmentation"] = data["segmentation"].map(
        lambda s: np.array([[c == "1" for c in row] for row in s.split(";")]))
    return data


def rows(mask):
    return ";".join("".join("1" if p else "0" for p in row) for row in mask)


def assert_segmentations(got, relative):
    assert got.name == "agg_segmentation" and got.index.name == "task"
    assert all(m.dtype == bool for m in got)
    assert {str(k): rows(v) for k, v in got.items()} == series(relative)


@pytest.mark.parametrize("cls,name", [(crowd4j.SegmentationEM, "SegmentationEM"),
                                      (crowd4j.SegmentationRASA, "SegmentationRASA")])
@pytest.mark.parametrize("n_iter,tol", [(10, 0), (100500, 1e-5)])
def test_segmentation_em_and_rasa(cls, name, n_iter, tol):
    got = cls(n_iter=n_iter, tol=tol).fit_predict(masks("data/image_simple.csv"))
    assert_segmentations(got, "suite/%s__image_simple__segmentations.csv" % name)


def test_segmentation_majority_vote():
    got = crowd4j.SegmentationMajorityVote().fit_predict(masks("data/image_simple.csv"))
    assert_segmentations(got, "suite/SegmentationMajorityVote__image_simple__segmentations.csv")


def test_segmentation_majority_vote_with_skills():
    data = masks("data/image_with_skills.csv")
    skills = read("data/image_with_skills_skills.csv").set_index("worker")["skill"]
    expected = "suite/SegmentationMajorityVote__image_with_skills__segmentations.csv"
    assert_segmentations(crowd4j.SegmentationMajorityVote().fit_predict(data, skills=skills), expected)
    dropped = skills.drop("e044b0849dfa9ce3dee5debbefb3b5da")
    with pytest.raises(ValueError):
        crowd4j.SegmentationMajorityVote().fit(data, skills=dropped)
    by_default = crowd4j.SegmentationMajorityVote(on_missing_skill="value", default_skill=3)
    assert_segmentations(by_default.fit_predict(data, skills=dropped), expected)


def test_masks_of_odd_sizes_round_trip_through_the_packing():
    rng = np.random.default_rng(5)
    shapes = [(1, 1), (3, 7), (9, 9), (1, 65), (13, 11)]
    frames, want = [], {}
    for t, (h, w) in enumerate(shapes):
        mask = rng.random((h, w)) < 0.5
        want[t] = mask
        for worker in range(3):
            frames.append({"task": t, "worker": worker, "segmentation": mask})
    got = crowd4j.SegmentationMajorityVote().fit_predict(pd.DataFrame(frames))
    for t, mask in want.items():
        np.testing.assert_array_equal(got[t], mask)


@pytest.mark.parametrize("base", [crowd4j.MajorityVote(), crowd4j.DawidSkene(), crowd4j.Wawa(), crowd4j.GLAD()])
def test_binary_relevance(base):
    data = read("data/binary_relevance_answers.csv")
    data["label"] = data["label"].map(lambda s: s.split("|"))
    got = crowd4j.BinaryRelevance(base).fit_predict(data)
    assert got.name == "agg_label" and got.index.name == "task"
    assert got.to_dict() == {"t1": ["house", "tree"], "t2": ["car"]}


def test_binary_relevance_refuses_text_labels():
    data = pd.DataFrame({"task": ["t"], "worker": ["w"], "label": ["a|b"]})
    with pytest.raises(ValueError, match="list of labels"):
        crowd4j.BinaryRelevance().fit(data)


def test_empty_frames_give_empty_results():
    empty = pd.DataFrame({"task": [], "worker": [], "label": []})
    model = crowd4j.DawidSkene(n_iter=10).fit(empty)
    assert model.labels_.empty and model.labels_.name == "agg_label" and model.labels_.dtype == float
    assert model.probas_.empty
    assert model.priors_.name == "prior" and model.priors_.dtype == float
