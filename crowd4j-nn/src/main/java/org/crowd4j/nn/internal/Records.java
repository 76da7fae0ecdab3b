package org.crowd4j.nn.internal;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;

/** Options records as ordered name → value maps (enums by name), for JSON metadata. */
public final class Records {
  private Records() {}

  public static Map<String, Object> toMap(Record r) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (r == null) {
      return m;
    }
    for (RecordComponent c : r.getClass().getRecordComponents()) {
      try {
        Object v = c.getAccessor().invoke(r);
        m.put(c.getName(), v instanceof Enum<?> e ? e.name() : v);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot read option " + c.getName(), e);
      }
    }
    return m;
  }
}
