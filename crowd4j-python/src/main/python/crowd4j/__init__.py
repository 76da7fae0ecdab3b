"""crowd4j from Python: learning from crowds with crowd-kit's class names, pandas in and out.

The methods run in crowd4j's Java library, in this process (JPype); the JVM starts on first use with
the jars bundled in this package (or ``CROWD4J_CLASSPATH``). Switching from crowd-kit is one line::

    from crowd4j import DawidSkene          # was: from crowdkit.aggregation import DawidSkene
    labels = DawidSkene(n_iter=100).fit_predict(df)   # df: columns task, worker, label
"""

from .classification import (
    MajorityVote, Wawa, ZeroBasedSkill, GoldMajorityVote, DawidSkene, OneCoinDawidSkene, GLAD, MACE,
    KOS, MMSR, Auto, DawidSkeneMAP, IBCC, MMCE, CrowdMixture, CommonConfusionEM, ClassifierConsensus)
from .export import to_label_studio, to_toloka, annotators_csv
from .multilabel import BinaryRelevance
from .pairwise import BradleyTerry, NoisyBT
from .texts import ROVER, RASA, HRRASA, ClosestToAverage
from .segmentation import SegmentationMajorityVote, SegmentationEM, SegmentationRASA

__all__ = [
    "MajorityVote", "Wawa", "ZeroBasedSkill", "GoldMajorityVote", "DawidSkene", "OneCoinDawidSkene",
    "GLAD", "MACE", "KOS", "MMSR", "Auto", "DawidSkeneMAP", "IBCC", "MMCE", "CrowdMixture",
    "CommonConfusionEM", "ClassifierConsensus", "BradleyTerry", "NoisyBT", "ROVER", "RASA", "HRRASA", "ClosestToAverage",
    "SegmentationMajorityVote", "SegmentationEM", "SegmentationRASA", "BinaryRelevance",
    "to_label_studio", "to_toloka", "annotators_csv",
]
