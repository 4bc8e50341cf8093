package io.canopy.messaging.service;

/** A service answered with an error reply: the handler threw, or the request had the wrong body type. */
public final class ServiceException extends Exception {
    private final String service;

    public ServiceException(String service, String message) {
        super("service '" + service + "' failed: " + message);
        this.service = service;
    }

    /** The resolved topic of the service. */
    public String service() {
        return service;
    }
}
