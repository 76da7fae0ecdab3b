package org.example.consumer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crowd4j.nn.NnRuntime;
import org.junit.jupiter.api.Test;

/** crowd4j-nn brings no native library; without one the engine says which dependency to add. */
class NoNativeTest {
  @Test
  void noNativeLibraryOnTheClassPath() {
    assertTrue(
        NnRuntime.class.getClassLoader().getResource("native/lib/pytorch.properties") == null,
        "no pytorch-native-* jar");
  }

  @Test
  void theEngineNamesTheDependencyToAdd() {
    IllegalStateException e = assertThrows(IllegalStateException.class, NnRuntime::engine);
    assertTrue(e.getMessage().contains("ai.djl.pytorch:pytorch-native-cpu:"), e.getMessage());
    assertTrue(e.getMessage().contains("linux-x86_64"), e.getMessage());
    assertFalse(e.getMessage().contains("<version>"), e.getMessage());
  }
}
