package dev.schemaop.e2e.paimon;

import java.util.ArrayList;
import java.util.List;

/**
 * After a restore, the Paimon sink's committer commits the restored committables that the failure
 * cut off, and then restarts the job once more so that its writers start from those commits (the
 * connector's README, "Failover"). Whether that happens depends on whether the failure came before
 * or after the commit of the last checkpoint, so a test of a source failure allows that one extra
 * failure and restart, and nothing else. The console names only the checkpoint the job restored
 * last, so with the extra restart the first restart line names none; both restarts restored the
 * same checkpoint, and the first line gets the second's.
 */
final class RecommitRestart {
    private RecommitRestart() {}

    static String withoutIt(String stderr) {
        List<String> kept = new ArrayList<>();
        List<String> lines = stderr.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("Failure \\d+ of the job at .*")
                    && lines.get(i)
                            .contains("the Paimon sink committed files that were not committed")
                    && i + 1 < lines.size()
                    && lines.get(i + 1).matches("Restart \\d+ of the job at .*")) {
                String extraRestart = lines.get(i + 1);
                int last = kept.size() - 1;
                if (last >= 0
                        && kept.get(last).matches("Restart \\d+ of the job at [\\d:]+\\.")
                        && extraRestart.contains(", from ")) {
                    String first = kept.get(last);
                    kept.set(
                            last,
                            first.substring(0, first.length() - 1)
                                    + extraRestart.substring(extraRestart.indexOf(", from ")));
                }
                i++;
                continue;
            }
            kept.add(lines.get(i));
        }
        return kept.isEmpty() ? "" : String.join("\n", kept) + "\n";
    }
}
