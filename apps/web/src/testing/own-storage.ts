/**
 * Setup of the `web-browser` Vitest project: each test file gets a localStorage and a
 * sessionStorage of its own, in memory. The files run side by side in one Chromium, as frames of
 * one origin, so they shared the origin's storage: a Spanish test's `setLanguage('es')` or a
 * signed-in test's session, written while another file was starting, showed that file its keys
 * untranslated or the signed-in text (a clean-clone CI run, under load). Runs in each file's
 * frame before the file's imports, so the i18n and session stores read the fresh storage.
 */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

for (const name of ['localStorage', 'sessionStorage'] as const) {
  Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
}
