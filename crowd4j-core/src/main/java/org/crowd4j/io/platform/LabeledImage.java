package org.crowd4j.io.platform;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.PixelBudget;

/**
 * Reads one worker's answer of SageMaker Ground Truth's semantic segmentation ({@code
 * crowd-semantic-segmentation}) as a mask: {@code {"inputImageProperties": {"height": H, "width":
 * W}, "labelMappings": {"<label>": {"color": "#rrggbb"}, …}, "labeledImage": {"pngImageData":
 * "<base64 PNG>"}}}. The PNG is the worker's label image, {@code W × H}; a pixel is set where it is
 * painted with the colour of any label in {@code labelMappings} (and is not fully transparent).
 * Pixels of other colours, or transparent, are background.
 */
final class LabeledImage {
  private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  private LabeledImage() {}

  /** The mask of the answer object that is the current token of {@code p}, read to its end. */
  static Mask read(Path file, JsonParser p, String field) throws IOException, CrowdFormatException {
    JsonInput.expect(
        file,
        p,
        JsonToken.START_OBJECT,
        field,
        "'" + field + "' must be an object (a crowd-semantic-segmentation answer)");
    long line = p.currentTokenLocation().getLineNr();
    int height = 0;
    int width = 0;
    Set<Integer> colours = null;
    String png = null;
    long pngLine = line;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      p.nextToken();
      switch (key) {
        case "inputImageProperties" -> {
          String f = field + ".inputImageProperties";
          JsonInput.expect(file, p, JsonToken.START_OBJECT, f, "'" + f + "' must be an object");
          while (p.nextToken() != JsonToken.END_OBJECT) {
            String k = p.currentName();
            p.nextToken();
            if (k.equals("height")) {
              height = JsonInput.size(file, p, f + ".height");
            } else if (k.equals("width")) {
              width = JsonInput.size(file, p, f + ".width");
            } else {
              p.skipChildren();
            }
          }
          if (height == 0 || width == 0) {
            throw JsonInput.error(
                file, p, f, "'" + f + "' needs 'height' and 'width' (the image's size)");
          }
        }
        case "labelMappings" -> colours = colours(file, p, field + ".labelMappings");
        case "labeledImage" -> {
          String f = field + ".labeledImage";
          JsonInput.expect(file, p, JsonToken.START_OBJECT, f, "'" + f + "' must be an object");
          while (p.nextToken() != JsonToken.END_OBJECT) {
            String k = p.currentName();
            p.nextToken();
            if (k.equals("pngImageData")) {
              pngLine = p.currentTokenLocation().getLineNr();
              if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw JsonInput.error(
                    file,
                    p,
                    f + ".pngImageData",
                    "field '"
                        + f
                        + ".pngImageData' must be a string (a base64 PNG), found "
                        + JsonInput.describe(p.currentToken()));
              }
              png = p.getText();
            } else {
              p.skipChildren();
            }
          }
        }
        default -> p.skipChildren();
      }
    }
    String missing = null;
    if (png == null) {
      missing = "labeledImage.pngImageData";
    } else if (colours == null) {
      missing = "labelMappings";
    } else if (height == 0) {
      missing = "inputImageProperties";
    }
    if (missing != null) {
      throw new CrowdFormatException(
          file,
          line,
          field + "." + missing,
          "the answer '"
              + field
              + "' that begins here has no '"
              + missing
              + "' (masks are read from crowd-semantic-segmentation answers)");
    }
    try {
      return decode(png, width, height, colours);
    } catch (IllegalArgumentException e) {
      throw new CrowdFormatException(
          file,
          pngLine,
          field + ".labeledImage.pngImageData",
          "field '"
              + field
              + ".labeledImage.pngImageData' is not the label image: "
              + e.getMessage());
    }
  }

  /** The colours of {@code labelMappings} (label → {@code {"color": "#rrggbb"}}), as RGB. */
  private static Set<Integer> colours(Path file, JsonParser p, String field)
      throws IOException, CrowdFormatException {
    JsonInput.expect(file, p, JsonToken.START_OBJECT, field, "'" + field + "' must be an object");
    Set<Integer> out = new HashSet<>();
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String f = field + "." + p.currentName();
      p.nextToken();
      JsonInput.expect(file, p, JsonToken.START_OBJECT, f, "'" + f + "' must be an object");
      Integer rgb = null;
      while (p.nextToken() != JsonToken.END_OBJECT) {
        String k = p.currentName();
        p.nextToken();
        if (k.equals("color")) {
          rgb = colour(file, p, f + ".color");
        } else {
          p.skipChildren();
        }
      }
      if (rgb == null) {
        throw JsonInput.error(file, p, f, "the label mapping '" + f + "' has no 'color'");
      }
      out.add(rgb);
    }
    return out;
  }

  /** A colour {@code #rrggbb} as RGB. */
  private static int colour(Path file, JsonParser p, String field)
      throws IOException, CrowdFormatException {
    String s = p.currentToken() == JsonToken.VALUE_STRING ? p.getText() : null;
    if (s == null || !s.matches("#[0-9A-Fa-f]{6}")) {
      throw JsonInput.error(
          file,
          p,
          field,
          "field '"
              + field
              + "' must be a colour #rrggbb, found "
              + (s == null ? JsonInput.describe(p.currentToken()) : "'" + s + "'"));
    }
    return Integer.parseInt(s.substring(1), 16);
  }

  /**
   * The mask of the base64 PNG {@code data}, which must be {@code width × height}: set where a
   * pixel's colour is one of {@code colours} and its alpha is not zero.
   *
   * @throws IllegalArgumentException naming the problem
   */
  static Mask decode(String data, int width, int height, Set<Integer> colours) {
    if ((long) width * height > Integer.MAX_VALUE - 64) {
      throw new IllegalArgumentException("an image of " + width + "x" + height + " is too large");
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(data);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not base64: " + e.getMessage(), e);
    }
    if (bytes.length < 24 || !java.util.Arrays.equals(bytes, 0, PNG.length, PNG, 0, PNG.length)) {
      throw new IllegalArgumentException("not a PNG image (no PNG signature)");
    }
    long w = readInt(bytes, 16);
    long h = readInt(bytes, 20);
    if (w != width || h != height) {
      throw new IllegalArgumentException(
          "the image is "
              + w
              + "x"
              + h
              + " (width x height), inputImageProperties say "
              + width
              + "x"
              + height);
    }
    PixelBudget.check(h, w);
    BufferedImage img;
    try {
      img = ImageIO.read(new ByteArrayInputStream(bytes));
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a valid PNG image: " + e.getMessage(), e);
    }
    if (img == null || img.getWidth() != width || img.getHeight() != height) {
      throw new IllegalArgumentException("not a valid PNG image");
    }
    boolean[] pixels = new boolean[width * height];
    int[] row = new int[width];
    for (int y = 0; y < height; y++) {
      img.getRGB(0, y, width, 1, row, 0, width);
      for (int x = 0; x < width; x++) {
        int argb = row[x];
        pixels[y * width + x] = (argb >>> 24) != 0 && colours.contains(argb & 0xFFFFFF);
      }
    }
    return Mask.of(height, width, pixels);
  }

  private static long readInt(byte[] b, int at) {
    return ((b[at] & 0xFFL) << 24)
        | ((b[at + 1] & 0xFFL) << 16)
        | ((b[at + 2] & 0xFFL) << 8)
        | (b[at + 3] & 0xFFL);
  }
}
