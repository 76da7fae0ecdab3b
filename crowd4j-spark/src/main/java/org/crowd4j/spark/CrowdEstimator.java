package org.crowd4j.spark;

import java.io.IOException;
import java.util.Objects;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.crowd4j.method.IterationListener;

/**
 * What every crowd4j estimator shares: its uid, the params its mixins declare ({@link
 * MixinParams}), the method's options as the core's record ({@link HasOptions}), a listener of the
 * iterations, and saving its params in Spark ML's metadata layout (read back by the {@code load} of
 * its class).
 *
 * @param <M> the fitted model
 * @param <E> the estimator itself (what the setters return)
 */
public abstract class CrowdEstimator<M extends Model<M>, E extends CrowdEstimator<M, E>>
    extends Estimator<M> implements MLWritable, HasOptions<E> {
  private static final long serialVersionUID = 1L;

  private final DeclaredParams declared;
  private transient IterationListener listener = IterationListener.NONE;

  CrowdEstimator(String uid) {
    this.declared = new DeclaredParams(uid);
  }

  @Override
  public DeclaredParams declaredParams() {
    return declared;
  }

  /** The method's name, as on the command line. */
  public abstract String name();

  /**
   * Sets every method option from the core's record.
   *
   * @throws IllegalArgumentException for a record of another method, or an option the Spark method
   *     does not support
   */
  public abstract E setOptions(Record options);

  /** A new uid for an estimator of method {@code method}. */
  static String newUid(String method) {
    return org.apache.spark.ml.util.Identifiable$.MODULE$.randomUID(
        "crowd4j_" + method.replace('-', '_'));
  }

  /** {@code options} as {@code type}, or an error naming both. */
  static <T extends Record> T expect(Record options, Class<T> type) {
    if (!type.isInstance(options)) {
      throw new IllegalArgumentException(
          "expected "
              + type.getName()
              + ", not "
              + (options == null ? "null" : options.getClass().getName()));
    }
    return type.cast(options);
  }

  @SuppressWarnings("unchecked")
  final E self() {
    return (E) this;
  }

  /**
   * Sets {@code param} to {@code value} after checking the value with the core's record: the option
   * {@code option} of {@link #options()} replaced by it (the record's message on a bad value).
   */
  final <T> E setOption(Param<T> param, String option, T value) {
    return OptionSetter.set(this, param, option, value);
  }

  /**
   * Called on the driver after every iteration (progress, early stop). Not a param: it is not
   * saved, and a copy of this estimator shares it.
   */
  public E setListener(IterationListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return self();
  }

  IterationListener listener() {
    return listener == null ? IterationListener.NONE : listener;
  }

  /** A copy with the same uid and params, {@code extra} applied, and the same listener. */
  @Override
  public E copy(ParamMap extra) {
    E that = defaultCopy(extra);
    that.setListener(listener());
    return that;
  }

  /**
   * Saves the params (Spark ML's metadata layout, readable by {@code DefaultParamsReader}: the
   * {@code load} of every estimator class).
   */
  @Override
  public MLWriter write() {
    return new AtomicWriter(this, AtomicWriter::saveParams);
  }

  @Override
  public void save(String path) throws IOException {
    write().save(path);
  }
}
