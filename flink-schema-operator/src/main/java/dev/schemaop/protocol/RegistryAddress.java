package dev.schemaop.protocol;

import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.shaded.guava31.com.google.common.hash.Hashing;

import java.nio.charset.StandardCharsets;

/**
 * The sink input operators reach the schema registry by the schema operator's {@link OperatorID},
 * which is only assigned when the job graph is built. The composer gives the schema operator a uid,
 * and Flink derives the id from a uid with 128-bit murmur3 (seed 0); computing the same here lets
 * the sink side know the address up front.
 */
public final class RegistryAddress {
    private RegistryAddress() {}

    public static OperatorID ofUid(String schemaOperatorUid) {
        return new OperatorID(
                Hashing.murmur3_128(0)
                        .newHasher()
                        .putString(schemaOperatorUid, StandardCharsets.UTF_8)
                        .hash()
                        .asBytes());
    }
}
