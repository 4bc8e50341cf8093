package io.canopy.bt.load;

import io.canopy.InputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a whole input file (tree, scenario, launch, SCXML) as UTF-8 text, turning every way it can go wrong
 * (missing, a directory, unreadable, binary or not UTF-8) into a one-line {@link InputException} that names
 * the file and, for bad bytes, the byte offset.
 */
public final class TextFile {
    private TextFile() {}

    /**
     * The text of {@code file}.
     *
     * @param what what the file should be, for messages ("a tree file (BT.CPP v4 XML)")
     */
    public static String read(Path file, String what) {
        if (Files.isDirectory(file)) {
            throw new InputException(file + ": is a directory; give " + what);
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file; check the path");
        } catch (AccessDeniedException e) {
            throw new InputException(file + ": permission denied; make the file readable");
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + e.getMessage() + "); give " + what);
        }
        return decode(file, bytes, what);
    }

    static String decode(Path file, byte[] bytes, String what) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new InputException(file + ": byte offset " + i + ": NUL byte, this is binary data, not "
                        + what);
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            throw new InputException(file + ": byte offset " + in.position() + ": byte 0x"
                    + String.format("%02x", bytes[in.position()] & 0xff)
                    + " is not UTF-8 text; save the file as UTF-8 (it should be " + what + ")");
        }
        decoder.flush(out);
        out.flip();
        String text = out.toString();
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        if (text.isBlank()) {
            throw new InputException(file + ": the file is empty; give " + what);
        }
        return text;
    }
}
