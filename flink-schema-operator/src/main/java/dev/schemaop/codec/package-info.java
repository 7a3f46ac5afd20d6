/**
 * The binary form of everything the runtime checkpoints or sends: typed readers and writers of the
 * values it is made of ({@link dev.schemaop.codec.DataWriter}, {@link
 * dev.schemaop.codec.DataReader}) and the versioned envelope of checkpointed state ({@link
 * dev.schemaop.codec.VersionedState}). Depends on nothing of the runtime.
 */
package dev.schemaop.codec;
