"""The one JVM of the process: started on first use with crowd4j's jars (JPype)."""

import glob
import os

import jpype

_HERE = os.path.dirname(os.path.abspath(__file__))


def classpath():
    """The jars the JVM starts with.

    ``CROWD4J_CLASSPATH`` (a path list, entries may be folders of jars) if set, else the ``jars``
    folder inside this package (where the build puts them).
    """
    given = os.environ.get("CROWD4J_CLASSPATH")
    entries = given.split(os.pathsep) if given else [os.path.join(_HERE, "jars")]
    jars = []
    for entry in entries:
        if os.path.isdir(entry):
            jars.extend(sorted(glob.glob(os.path.join(entry, "*.jar"))))
        elif entry:
            jars.append(entry)
    if not any(os.path.basename(j).startswith("crowd4j-python") for j in jars):
        raise ImportError(
            "crowd4j's jars are not found in %s; build them with `./mvnw -B package` (they land in "
            "crowd4j-python/target/python/crowd4j/jars) or set CROWD4J_CLASSPATH" % entries)
    return jars + _jpype_support()


def _jpype_support():
    """JPype's own jar, where JPype does not find it itself (Debian's python3-jpype keeps it in
    /usr/share/java; a pip install keeps it beside the _jpype module, where it is found)."""
    import _jpype

    beside = os.path.join(os.path.dirname(_jpype.__file__), "org.jpype.jar")
    debian = "/usr/share/java/org.jpype.jar"
    if not os.path.exists(beside) and os.path.exists(debian):
        return [debian]
    return []


def start():
    """Starts the JVM once; later calls (and a JVM someone else started) are left as they are."""
    if not jpype.isJVMStarted():
        options = ["-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Xss4m"]
        options += os.environ.get("CROWD4J_JVM_OPTIONS", "").split()
        jpype.startJVM(*options, classpath=classpath(), convertStrings=False)
    return jpype


def frames():
    """The Java entry points (``org.crowd4j.python.Frames``)."""
    start()
    return jpype.JClass("org.crowd4j.python.Frames")
