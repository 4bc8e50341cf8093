/**
 * The canopy command: one picocli command class per subcommand, and the option mixins they share.
 */
package io.canopy.launch.cli;
