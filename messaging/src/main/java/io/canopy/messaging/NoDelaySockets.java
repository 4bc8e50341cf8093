package io.canopy.messaging;

import io.canopy.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.SocketFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * Socket factories for Paho that switch Nagle's algorithm off (TCP_NODELAY). Without it the PUBACK of a QoS 1
 * publish waits for the peer's delayed ACK and a round trip takes about 40 ms instead of a quarter of one.
 * Paho creates its sockets unconnected ({@code createSocket()}) and connects them itself; the option is set
 * before that. The TLS variant wraps an {@link SSLSocketFactory} because Paho insists on one for ssl://.
 */
public final class NoDelaySockets {
    private NoDelaySockets() {}

    public static SocketFactory plain(boolean noDelay) {
        return new Plain(SocketFactory.getDefault(), noDelay);
    }

    static SSLSocketFactory tls(Path caFile, boolean noDelay) {
        SSLSocketFactory base = caFile == null ? (SSLSocketFactory) SSLSocketFactory.getDefault() : trusting(caFile);
        return new Tls(base, noDelay);
    }

    /** An SSL socket factory that trusts exactly the certificates in a PEM file. */
    static SSLSocketFactory trusting(Path caFile) {
        try (InputStream in = Files.newInputStream(caFile)) {
            Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certs.isEmpty()) {
                throw new InputException("TLS CA file " + caFile + ": no certificate found; give a PEM file with"
                        + " -----BEGIN CERTIFICATE----- blocks");
            }
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            int i = 0;
            for (Certificate c : certs) {
                trust.setCertificateEntry("ca" + i++, c);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, tmf.getTrustManagers(), null);
            return ctx.getSocketFactory();
        } catch (IOException e) {
            throw new InputException("TLS CA file " + caFile + ": cannot read it (" + e.getMessage() + "); check the path", e);
        } catch (GeneralSecurityException e) {
            throw new InputException("TLS CA file " + caFile + ": not a PEM certificate (" + e.getMessage() + ")", e);
        }
    }

    private static Socket configure(Socket s, boolean noDelay) throws IOException {
        s.setTcpNoDelay(noDelay);
        return s;
    }

    private static final class Plain extends SocketFactory {
        private final SocketFactory base;
        private final boolean noDelay;

        Plain(SocketFactory base, boolean noDelay) {
            this.base = base;
            this.noDelay = noDelay;
        }

        @Override
        public Socket createSocket() throws IOException {
            return configure(base.createSocket(), noDelay);
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return configure(base.createSocket(host, port), noDelay);
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return configure(base.createSocket(host, port, localHost, localPort), noDelay);
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return configure(base.createSocket(host, port), noDelay);
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
            return configure(base.createSocket(address, port, localAddress, localPort), noDelay);
        }
    }

    private static final class Tls extends SSLSocketFactory {
        private final SSLSocketFactory base;
        private final boolean noDelay;

        Tls(SSLSocketFactory base, boolean noDelay) {
            this.base = base;
            this.noDelay = noDelay;
        }

        @Override
        public String[] getDefaultCipherSuites() {
            return base.getDefaultCipherSuites();
        }

        @Override
        public String[] getSupportedCipherSuites() {
            return base.getSupportedCipherSuites();
        }

        @Override
        public Socket createSocket() throws IOException {
            return configure(base.createSocket(), noDelay);
        }

        @Override
        public Socket createSocket(Socket s, String host, int port, boolean autoClose) throws IOException {
            return configure(base.createSocket(s, host, port, autoClose), noDelay);
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return configure(base.createSocket(host, port), noDelay);
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return configure(base.createSocket(host, port, localHost, localPort), noDelay);
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return configure(base.createSocket(host, port), noDelay);
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
            return configure(base.createSocket(address, port, localAddress, localPort), noDelay);
        }
    }
}
