// Vitest resolves import.meta.glob at transform time; this is its type for the test helpers.
interface ImportMeta {
  glob<T>(pattern: string): Record<string, () => Promise<T>>;
}
