package dev.schemaop.connectors.mariadb.debezium;

import io.debezium.connector.mariadb.MariaDbConnector;
import org.apache.kafka.connect.connector.Task;

/**
 * Debezium's MariaDB connector, whose task reads quoted names in DDL as MariaDB does ({@link
 * QuotedNamesConnectorTask}). The embedded engine creates it by class name ({@code
 * connector.class}).
 */
public class QuotedNamesConnector extends MariaDbConnector {

    @Override
    public Class<? extends Task> taskClass() {
        return QuotedNamesConnectorTask.class;
    }
}
