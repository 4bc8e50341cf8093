package com.example.hello;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.plugin.CanopyPlugin;

/** The plugin: named in META-INF/services/io.canopy.bt.plugin.CanopyPlugin; registers one line per type. */
public final class HelloPlugin implements CanopyPlugin {
    @Override
    public void register(NodeRegistry registry) {
        registry.register(SayHello.TYPE);
    }
}
