import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/** The bookkeeping tables Kysely's migrator keeps (its defaults, which createMigrator uses). */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface ColumnRow {
  table: string;
  table_kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  default_expression: string | null;
  comment: string | null;
  schema: string;
}

/**
 * Lists the tables of the connection's current schema only (the first schema of its search path,
 * where the migrations put everything).
 *
 * Kysely's own PostgreSQL introspector reads every schema of the database, and its migrator asks it
 * whether its bookkeeping table exists before each run. Where schemas come and go beside ours (other
 * tenants of one database, the tests' scratch schemas), that read raced their DDL: a column dropped
 * while the catalog was being read failed the whole start-up with "column ... does not exist"
 * (SQLSTATE 42703). Reading one schema no other process changes removes the race, and the start-up
 * no longer reads the catalog of every tenant.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schemas: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#schemas.getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    // pg_class kinds: r table, p partitioned table, v view. attnum > 0 leaves out system columns.
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as table_kind, a.attname as "column",
             t.typname as "type", tn.nspname as type_schema, a.attnotnull as not_null,
             a.atthasdef as has_default, a.attidentity as "identity",
             pg_get_expr(d.adbin, d.adrelid) as default_expression,
             col_description(c.oid, a.attnum) as "comment", n.nspname as "schema"
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where n.nspname = current_schema()
         and c.relkind in ('r', 'p', 'v')
       order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, { name: string; isView: boolean; schema?: string; columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (table === undefined) {
        table = { name: row.table, isView: row.table_kind === 'v', schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        // An identity column, or a serial one: its default draws from a sequence.
        isAutoIncrementing: row.identity !== '' || (row.default_expression?.startsWith('nextval(') ?? false),
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect with the current-schema introspector above. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
