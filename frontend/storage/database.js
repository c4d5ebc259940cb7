// One IndexedDB database of this device, as the sheets' and the table's stores use it: opened once
// (again after a failure, or after a newer site in another tab closed it), its stores made by one step
// per version, and transactions that settle once committed.

// `upgrade(db)`: the stores made when the version is new (one step per version: a later site adds its
// own step, never rewrites these). `refused(err)`: the Error to give when the browser refuses storage;
// `failed(err)`: when a transaction aborts; `blocked`: the sentence when an older tab blocks the upgrade.
// → transaction(names, mode, body): body(stores, finish, abort) issues requests with callbacks and
// calls finish(value) once it knows the answer; the promise settles when the transaction has
// committed (the value) or was aborted (the value given to abort(), or failed(the error)).
export function database({ name, version, upgrade, refused, failed = refused, blocked }) {
  let opened = null; // the promise of the open database

  function open() {
    if (opened) return opened;
    opened = new Promise((resolve, reject) => {
      let request;
      try {
        request = indexedDB.open(name, version);
      } catch (err) {
        reject(refused(err));
        return;
      }
      request.onupgradeneeded = () => upgrade(request.result);
      request.onsuccess = () => {
        const db = request.result;
        // A newer site in another tab needs a newer database: this old page steps aside.
        db.onversionchange = () => {
          db.close();
          opened = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(refused(request.error));
      request.onblocked = () => reject(new Error(blocked));
    });
    opened.catch(() => (opened = null)); // the next call tries again
    return opened;
  }

  return async function transaction(names, mode, body) {
    const db = await open();
    return new Promise((resolve, reject) => {
      let value;
      let aborted = null;
      let t;
      try {
        t = db.transaction(names, mode);
      } catch (err) {
        reject(refused(err));
        return;
      }
      const stores = Object.fromEntries(names.map((one) => [one, t.objectStore(one)]));
      t.oncomplete = () => resolve(value);
      t.onabort = () => (aborted ? resolve(aborted.value) : reject(failed(t.error)));
      t.onerror = (event) => event.preventDefault(); // reported once, by onabort
      body(stores, (v) => (value = v), (v) => {
        aborted = { value: v };
        t.abort();
      });
    });
  };
}
