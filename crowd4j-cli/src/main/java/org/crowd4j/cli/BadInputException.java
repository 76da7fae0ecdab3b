package org.crowd4j.cli;

/** Input data that cannot be used (exit code 3). */
final class BadInputException extends Exception {
  private static final long serialVersionUID = 1L;

  BadInputException(String message) {
    super(message);
  }

  BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
