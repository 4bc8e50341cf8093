package io.canopy.bench;

import java.io.StringReader;
import org.apache.commons.scxml.SCXMLExecutor;
import org.apache.commons.scxml.TriggerEvent;
import org.apache.commons.scxml.env.SimpleDispatcher;
import org.apache.commons.scxml.env.SimpleErrorHandler;
import org.apache.commons.scxml.env.SimpleErrorReporter;
import org.apache.commons.scxml.env.jexl.JexlContext;
import org.apache.commons.scxml.env.jexl.JexlEvaluator;
import org.apache.commons.scxml.io.SCXMLParser;
import org.apache.commons.scxml.model.ModelException;
import org.apache.commons.scxml.model.SCXML;
import org.xml.sax.InputSource;

/** The machines of {@code canopy bench fsm} written for Apache Commons SCXML 0.9 (JEXL data model). */
public final class CommonsScxmlMachines {
    private static final String NS = "xmlns='http://www.w3.org/2005/07/scxml' version='1.0'";

    static final String TOGGLE = "<scxml " + NS + " initialstate='off'>"
            + "<state id='off'><transition event='flip' target='on'/></state>"
            + "<state id='on'><transition event='flip' target='off'/></state></scxml>";

    static final String HIERARCHICAL = "<scxml " + NS + " initialstate='A'>"
            + "<state id='A' initial='A1'><transition event='up' target='B'/>"
            + "<state id='A1' initial='a11'><state id='a11'><transition event='next' target='a12'/></state>"
            + "<state id='a12'><transition event='next' target='a2'/></state></state>"
            + "<state id='a2'><transition event='next' target='b11'/></state></state>"
            + "<state id='B' initial='B1'><transition event='up' target='A'/>"
            + "<state id='B1' initial='b11'><state id='b11'><transition event='next' target='b12'/></state>"
            + "<state id='b12'><transition event='next' target='b2'/></state></state>"
            + "<state id='b2'><transition event='next' target='a11'/></state></state></scxml>";

    static final String GUARDED_COUNTER = "<scxml " + NS + " initialstate='off'>"
            + "<datamodel><data name='n' expr='0'/></datamodel>"
            + "<state id='off'><transition event='flip' cond='n ge 0' target='on'>"
            + "<assign name='n' expr='n + 1'/></transition></state>"
            + "<state id='on'><transition event='flip' target='off'/></state></scxml>";

    private CommonsScxmlMachines() {}

    public static String source(String machine) {
        return switch (machine) {
            case "toggle" -> TOGGLE;
            case "hierarchical" -> HIERARCHICAL;
            case "guarded-counter" -> GUARDED_COUNTER;
            default -> throw new IllegalArgumentException("no Commons SCXML form of machine " + machine);
        };
    }

    /** A started executor of the machine. */
    public static SCXMLExecutor start(String machine) {
        try {
            SCXML chart = SCXMLParser.parse(new InputSource(new StringReader(source(machine))), new SimpleErrorHandler());
            SCXMLExecutor exec = new SCXMLExecutor(new JexlEvaluator(), new SimpleDispatcher(), new SimpleErrorReporter());
            exec.setStateMachine(chart);
            exec.setRootContext(new JexlContext());
            exec.go();
            return exec;
        } catch (Exception e) {
            throw new IllegalStateException("Commons SCXML could not start " + machine + ": " + e, e);
        }
    }

    public static void fire(SCXMLExecutor exec, TriggerEvent event) {
        try {
            exec.triggerEvent(event);
        } catch (ModelException e) {
            throw new IllegalStateException(e);
        }
    }
}
