package io.canopy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * "Did you mean" for misspelt names: the one edit-distance (Levenshtein) helper of the code base. A suggestion
 * is made only when the distance is small relative to the name (at most a third of it, at least 2), so a
 * wildly different name gets no noise.
 */
public final class Names {
    private Names() {}

    /** {@code " (did you mean 'x'?)"} for the closest candidate within a small edit distance, else "". */
    public static String suggestion(String wrong, Collection<String> candidates) {
        List<String> near = near(wrong, candidates, 1);
        return near.isEmpty() ? "" : " (did you mean '" + near.get(0) + "'?)";
    }

    /** Up to {@code max} candidates within a small edit distance of {@code wrong} (case ignored), closest first. */
    public static List<String> near(String wrong, Collection<String> candidates, int max) {
        String w = wrong.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, wrong.length() / 3);
        List<String> out = new ArrayList<>();
        for (String c : candidates) {
            if (distance(w, c.toLowerCase(Locale.ROOT)) <= limit) {
                out.add(c);
            }
        }
        out.sort(Comparator.comparingInt((String c) -> distance(w, c.toLowerCase(Locale.ROOT))).thenComparing(c -> c));
        return out.subList(0, Math.min(max, out.size()));
    }

    /** The Levenshtein distance between {@code a} and {@code b} (case-sensitive). */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
