"""What every class of the package shares: its crowd4j method and that method's options."""

from . import _columns


class Method:
    """A crowd4j method: ``method_`` is its catalogue name; keyword arguments not named by the
    class are the method's own options (``crowd4j methods`` lists them)."""

    #: the crowd4j catalogue name of the method
    method_ = None

    def __init__(self, **options):
        self.options = dict(options)

    def _crowd4j_options(self):
        """The options passed to the Java method: the class's arguments translated, then ``options``."""
        return dict(self.options)

    def _option_arrays(self):
        """The options as two Java string arrays (names, values), unset ones left out."""
        options = {k: option_text(v) for k, v in self._crowd4j_options().items() if v is not None}
        return _columns.string_array(options.keys()), _columns.string_array(options.values())

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%r" % kv for kv in self.options.items()))


def option_text(value):
    """An option value as the catalogue's parser reads it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(option_text(v) for v in value)
    return str(value)
