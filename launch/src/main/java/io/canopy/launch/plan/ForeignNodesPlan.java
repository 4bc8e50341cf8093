package io.canopy.launch.plan;

import io.canopy.InputException;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.load.Palette;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.bt.plugin.PluginLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a node's custom node types come from ({@code <plugin jar="..."/>}, {@code <palette file="..."/>} in a
 * {@code <node>}): plugin jars add implementations, palettes declare types and ports, {@code <enum>}s add
 * scripting enum values. Paths are absolute.
 */
public record ForeignNodesPlan(List<Path> plugins, List<Path> palettes,
        List<Palette.EnumDeclaration> enums) {
    /** No plugin, no palette, no enum. */
    public static final ForeignNodesPlan NONE = new ForeignNodesPlan(List.of(), List.of(), List.of());

    public ForeignNodesPlan {
        plugins = List.copyOf(plugins);
        palettes = List.copyOf(palettes);
        enums = List.copyOf(enums);
    }

    /** Plugins and palettes only. */
    public ForeignNodesPlan(List<Path> plugins, List<Path> palettes) {
        this(plugins, palettes, List.of());
    }

    /**
     * A tree loader over {@code registry} with the plugins' types added to it and the palettes applied; an
     * InputException naming each bad jar or palette.
     */
    public XmlTreeLoader loader(NodeRegistry registry) {
        if (!plugins.isEmpty()) {
            PluginLoader.load(plugins, registry);
        }
        for (Palette.EnumDeclaration e : enums) {
            String error = registry.scriptingEnums().add(e.name(), e.values(), e.source());
            if (error != null) {
                throw new InputException(error);
            }
        }
        XmlTreeLoader loader = new XmlTreeLoader(registry);
        for (Path p : palettes) {
            loader.withPalette(p);
        }
        return loader;
    }
}
