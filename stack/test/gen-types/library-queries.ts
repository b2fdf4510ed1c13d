/**
 * Queries on the `typegen` fixture's library, typed by `createClient<Database>`: what must compile,
 * and — marked `@ts-expect-error`, which tsc refuses when no error occurs — what must not.
 */
export const LIBRARY_QUERIES = `
import { createClient } from "@supabase/supabase-js";
import type { CompositeTypes, Database, Enums, Tables, TablesInsert, TablesUpdate } from "./database.types";
import { Constants } from "./database.types";

const client = createClient<Database>("http://127.0.0.1:54321", "publishable-key");

export async function readBooks(): Promise<void> {
  const { data } = await client.from("books").select("id, title, status, pages, authors(name)").eq("status", "published");
  for (const book of data ?? []) {
    const id: number = book.id;
    const title: string = book.title;
    const status: Enums<"book_status"> = book.status;
    const pages: number | null = book.pages;
    const author: string = book.authors.name;
    void [id, title, status, pages, author];
    // @ts-expect-error: books has no column "titel"
    void book.titel;
    // @ts-expect-error: pages may be null
    const mustBeNumber: number = book.pages;
    void mustBeNumber;
  }
  const { data: whole } = await client.from("books").select("*").single();
  // @ts-expect-error: a select("*") row has no "author" column either
  void whole?.author;
  const { data: view } = await client.from("published_books").select("title, author_name");
  const authorName: string | null | undefined = view?.[0]?.author_name;
  void authorName;
}

export async function writeBooks(): Promise<void> {
  const book: TablesInsert<"books"> = { author_id: 1, title: "Dune" };
  await client.from("books").insert(book);
  // @ts-expect-error: "titel" is not a column (and title is required)
  await client.from("books").insert({ author_id: 1, titel: "Dune" });
  // @ts-expect-error: title is text, not a number
  await client.from("books").insert({ author_id: 1, title: 42 });
  const change: TablesUpdate<"books"> = { status: "archived" };
  await client.from("books").update(change).eq("id", 1);
  // @ts-expect-error: "lost" is not a book_status
  await client.from("books").update({ status: "lost" }).eq("id", 1);
  // @ts-expect-error: an identity column is never written
  await client.from("authors").insert({ id: 7, name: "Ursula" });
  // @ts-expect-error: there is no table "book"
  await client.from("book").select("*");
}

export async function callFunctions(): Promise<void> {
  const { data: count } = await client.rpc("count_books", { author: 1 });
  const total: number | null = count;
  // @ts-expect-error: author is a bigint (number), not text
  await client.rpc("count_books", { author: "one" });
  const { data: drafts } = await client.rpc("books_by_status", { wanted: "draft" });
  const titles: string[] = (drafts ?? []).map((book) => book.title);
  // @ts-expect-error: "lost" is not a book_status
  await client.rpc("books_by_status", { wanted: "lost" });
  void [total, titles];
}

export function helpers(): void {
  const author: Tables<"authors"> = { id: 1, name: "Ursula", mentor_id: null, born: null };
  const mark: CompositeTypes<"shelf_mark"> = { aisle: 3, label: "SF" };
  const statuses: readonly Enums<"book_status">[] = Constants.public.Enums.book_status;
  // @ts-expect-error: authors rows have a name, not a title
  const wrong: Tables<"authors"> = { id: 1, title: "Ursula", mentor_id: null, born: null };
  void [author, mark, statuses, wrong];
}
`;
