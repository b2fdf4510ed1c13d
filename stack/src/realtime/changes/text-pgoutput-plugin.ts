import { PgoutputPlugin, type Pgoutput } from "pg-logical-replication";

/**
 * pgoutput, with every column value kept as PostgreSQL's text: PostgreSQL itself casts them (typed
 * JSON, filters). The library parses each message as it arrives, before earlier ones are handled
 * (flow control queues parsed messages), so a relation's columns must be switched to text right
 * here, while it is parsed, for the row messages that follow it in the same read.
 */
export class TextPgoutputPlugin extends PgoutputPlugin {
  /** Messages received so far (parsed on arrival, possibly long before they are handled). */
  parsed = 0;

  override parse(buffer: Buffer): Pgoutput.Message {
    this.parsed += 1;
    const message = super.parse(buffer);
    if (message.tag === "relation") for (const column of message.columns) column.parser = (raw: unknown) => raw;
    return message;
  }
}
