# canopy graph's output is checked by Graphviz itself (GraphsTest runs `dot`); skipped without it.
command -v dot >/dev/null 2>&1 || apt_install graphviz
