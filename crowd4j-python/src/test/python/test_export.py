"""Results back into the platforms from Python: Label Studio predictions that crowd4j reads back,
Toloka's table, and the annotators of every classification class."""

import json

import jpype
import numpy as np
import pandas as pd
import pytest

import crowd4j
from conftest import answers

CLASSES = [crowd4j.MajorityVote, crowd4j.Wawa, crowd4j.ZeroBasedSkill, crowd4j.DawidSkene,
           crowd4j.OneCoinDawidSkene, crowd4j.GLAD, crowd4j.MACE, crowd4j.MMSR, crowd4j.Auto,
           crowd4j.DawidSkeneMAP, crowd4j.IBCC, crowd4j.MMCE, crowd4j.CrowdMixture,
           crowd4j.CommonConfusionEM]


def read_back_predictions(path):
    """The answers of a predictions file as crowd4j's own Label Studio reader reads them."""
    j = jpype
    reader = j.JClass("org.crowd4j.io.platform.ExportReader")
    fmt = j.JClass("org.crowd4j.io.platform.ExportFormat").LABEL_STUDIO
    rules = j.JClass("org.crowd4j.io.CsvFormat").defaults()
    options = j.JClass("org.crowd4j.io.platform.ExportOptions").defaults().withPredictions()
    data = reader.read(j.JClass("java.nio.file.Path").of(str(path), []), fmt, rules, options).data()
    return {str(data.tasks().name(data.task(a))): str(data.labels().name(data.label(a)))
            for a in range(data.numAnswers())}, [str(w) for w in data.workers().names()]


def test_label_studio_predictions_round_trip(tmp_path):
    model = crowd4j.DawidSkene().fit(answers("simple"))
    path = tmp_path / "predictions.json"
    crowd4j.to_label_studio(model, path, model_version="ds")
    tasks = json.loads(path.read_text())
    assert len(tasks) == len(model.labels_)
    first = tasks[0]["predictions"][0]
    task = tasks[0]["data"]["task"]
    assert first["model_version"] == "ds"
    assert first["score"] == pytest.approx(model.probas_.loc[task, model.labels_[task]])
    assert first["result"][0]["value"]["choices"] == [model.labels_[task]]
    back, workers = read_back_predictions(path)
    assert workers == ["ds"]
    assert back == {str(t): str(l) for t, l in model.labels_.items()}


def test_toloka_table(tmp_path):
    model = crowd4j.MajorityVote().fit(answers("toy"))
    path = tmp_path / "results.tsv"
    crowd4j.to_toloka(model, path)
    table = pd.read_csv(path, sep="\t")
    assert list(table.columns) == ["INPUT:task", "OUTPUT:result", "CONFIDENCE:result"]
    assert dict(zip(table["INPUT:task"], table["OUTPUT:result"])) == model.labels_.to_dict()
    np.testing.assert_allclose(table["CONFIDENCE:result"], model.probas_.max(axis=1).to_numpy())


@pytest.mark.parametrize("cls", CLASSES)
def test_every_class_has_an_annotator_table(cls, tmp_path):
    data = answers("simple")
    model = cls().fit(data)
    table = model.annotators_
    assert table.index.name == "worker"
    assert sorted(table.index) == sorted(data.worker.unique())
    assert (table["answers"].to_numpy() == data.groupby("worker").size().loc[table.index].to_numpy()).all()
    assert table["accuracy"].between(0, 1).all() and table["spammer_score"].between(0, 1).all()
    path = tmp_path / "annotators.csv"
    crowd4j.annotators_csv(model, path)
    written = pd.read_csv(path)
    assert len(written) == len(table)


def test_the_fraudster_of_simple_is_the_surest_spammer():
    # 'simple': one worker answers 'parrot' whatever the truth
    table = crowd4j.DawidSkene().fit(answers("simple")).annotators_
    assert table["spammer_score"].idxmax() == "0c3eb7d5fcc414db137c4180a654c06e"
