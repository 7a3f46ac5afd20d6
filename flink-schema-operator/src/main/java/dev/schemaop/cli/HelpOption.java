package dev.schemaop.cli;

import picocli.CommandLine.Option;

/** -h / --help, on every command. */
final class HelpOption {
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;
}
