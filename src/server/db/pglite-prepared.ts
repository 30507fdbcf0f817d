import { type PGlite, parse, protocol } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite. Its `query()` sends Parse, Describe, Bind, Describe,
 * Execute and Sync as six separate calls into the WebAssembly backend and plans the statement every
 * time. A named statement is parsed once; each later call sends Bind + Describe + Execute + Sync
 * as one message, which roughly halves the cost of the bet hot path (bench/ and
 * docs/architecture.md). The caller holds PGlite's query lock (runExclusive or a transaction).
 */
export class PreparedStatements {
  readonly #client: PGlite;
  readonly #paramTypes = new Map<string, number[]>();

  constructor(client: PGlite) {
    this.#client = client;
  }

  async query<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    const client = this.#client;
    let types = this.#paramTypes.get(name);
    if (!types) {
      // One message with its Sync: a statement that fails to parse leaves the protocol clean.
      const described = await client.execProtocolStream(
        concat([
          protocol.serialize.parse({ name, text }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      types = parse.parseDescribeStatementResults(described);
      this.#paramTypes.set(name, types);
    }
    const serializers = (client as unknown as { serializers: Record<number, (v: unknown) => string> })
      .serializers;
    const encoded = values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[types[i]!];
      return serialize ? serialize(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat([
        protocol.serialize.bind({ statement: name, values: encoded }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parsers = (client as unknown as { parsers: Parameters<typeof parse.parseResults>[1] }).parsers;
    return (parse.parseResults(messages, parsers)[0]?.rows ?? []) as Row[];
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
