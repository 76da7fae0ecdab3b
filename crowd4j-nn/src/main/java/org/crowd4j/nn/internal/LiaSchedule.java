package org.crowd4j.nn.internal;

import org.crowd4j.nn.Lia;

/**
 * The EM schedule over the training epochs.
 *
 * @param rounds EM rounds
 * @param mStep epochs per M-step (the last round takes the remainder)
 * @param emEpochs epochs of EM; the rest fine-tune
 */
public record LiaSchedule(int rounds, int mStep, int emEpochs) {
  /**
   * The schedule of {@code epochs} epochs under {@code o}.
   *
   * @param o the LIA options (EM rounds, fine-tuning share)
   * @param epochs the training epochs
   * @return the schedule
   */
  public static LiaSchedule of(Lia.Options o, int epochs) {
    int fine = (int) Math.round(epochs * o.fineTuneFraction());
    int em = Math.max(1, epochs - fine);
    int rounds = Math.min(o.emRounds(), em);
    return new LiaSchedule(rounds, em / rounds, em);
  }

  /** Whether an E-step runs before {@code epoch} (1-based): each new round and fine-tuning. */
  public boolean eStepAt(int epoch) {
    if (epoch <= 1) {
      return false;
    }
    if (epoch == emEpochs + 1) {
      return true;
    }
    return epoch <= emEpochs && (epoch - 1) % mStep == 0 && (epoch - 1) / mStep < rounds;
  }
}
