package org.crowd4j.spark;

import java.io.IOException;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.MLWritable;

/**
 * What every crowd4j model shares: its uid (its estimator's), the params its mixins declare ({@link
 * MixinParams}), copies around the same fit, and saving with {@link #write()}.
 *
 * @param <M> the model itself
 */
public abstract class FittedModel<M extends FittedModel<M>> extends Model<M>
    implements MLWritable, MixinParams {
  private static final long serialVersionUID = 1L;

  private final DeclaredParams declared;

  FittedModel(String uid) {
    this.declared = new DeclaredParams(uid);
  }

  @Override
  public DeclaredParams declaredParams() {
    return declared;
  }

  /** A model of this class around the same fit, with the uid {@code uid} and default params. */
  abstract M sameFit(String uid);

  /** A copy around the same fit with the same uid, params and parent, {@code extra} applied. */
  @Override
  public M copy(ParamMap extra) {
    M that = copyValues(sameFit(uid()), extra);
    if (hasParent()) {
      that.setParent(parent());
    }
    return that;
  }

  @Override
  public void save(String path) throws IOException {
    write().save(path);
  }
}
