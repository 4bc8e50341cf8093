package io.canopy.launch.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code PageLoad URL N SECONDS}: opens N WebSocket pages on URL in this process (as N browsers elsewhere
 * would), keeps them open SECONDS, then prints {@code pages P messages M minPerPage K} and exits. Run as a child
 * process by {@link ManyPagesLatenessTest}, so the pages' work is not the node's.
 */
public final class PageLoad {
    private PageLoad() {}

    public static void main(String[] args) throws Exception {
        URI uri = URI.create(args[0]);
        int n = Integer.parseInt(args[1]);
        long seconds = Long.parseLong(args[2]);
        HttpClient http = HttpClient.newHttpClient();
        List<AtomicLong> counts = new ArrayList<>();
        List<WebSocket> pages = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            AtomicLong mine = new AtomicLong();
            counts.add(mine);
            pages.add(http.newWebSocketBuilder().buildAsync(uri, new WebSocket.Listener() {
                @Override
                public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                    if (last) {
                        mine.incrementAndGet();
                    }
                    ws.request(1);
                    return null;
                }
            }).get(10, TimeUnit.SECONDS));
        }
        System.out.println("open " + n);
        System.out.flush();
        Thread.sleep(seconds * 1000);
        long total = counts.stream().mapToLong(AtomicLong::get).sum();
        long min = counts.stream().mapToLong(AtomicLong::get).min().orElse(0);
        System.out.println("pages " + n + " messages " + total + " minPerPage " + min);
        System.out.flush();
        pages.forEach(WebSocket::abort);
        System.exit(0);
    }
}
