import { PgoutputPlugin, type Pgoutput } from "pg-logical-replication";

/**
 * pgoutput, with every column value kept as PostgreSQL's text: PostgreSQL itself casts them (typed
 * JSON, filters). The library parses each message as it arrives, before earlier ones are handled
 * (flow control queues parsed messages), so a relation's columns must be switched to text right
 * here, while it is parsed, for the row messages that follow it in the same read.
 */
export class TextPgoutputPlugin extends PgoutputPlugin {
  override parse(buffer: Buffer): Pgoutput.Message {
    const message = super.parse(buffer);
    if (message.tag === "relation") for (const column of message.columns) column.parser = (raw: unknown) => raw;
    return message;
  }
}
