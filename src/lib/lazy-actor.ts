/**
 * An actor whose machine (and XState itself) loads only when it is first needed, so the first load of a page
 * carries no state-machine code (docs/decisions/043-ordinary-hydration.md). Until then it shows the machine's
 * initial snapshot and queues the events it is sent; once the machine has loaded it is the real actor: same
 * snapshots, same events.
 *
 * It has the `subscribe` / `getSnapshot` shape of an XState actor, which `useActorSelector` reads, so components
 * cannot tell the difference. Once the machines' module is loaded (after the first use, on the visitor's first
 * interaction, or up front in tests) new lazy actors start their machine at once.
 */
import type { Observer, Subscription } from 'xstate';
import { guardChunk } from './chunk-reload';

type Listener<TSnapshot> = Observer<TSnapshot> | ((snapshot: TSnapshot) => void);

export interface ActorLike<TSnapshot, TEvent> {
  send(event: TEvent): void;
  getSnapshot(): TSnapshot;
  subscribe(listener: (snapshot: TSnapshot) => void): Subscription;
  stop?(): void;
}

export class LazyActor<TSnapshot, TEvent, TModule> implements ActorLike<TSnapshot, TEvent> {
  private actor: ActorLike<TSnapshot, TEvent> | undefined;
  private pending: TEvent[] = [];
  private readonly listeners = new Set<(snapshot: TSnapshot) => void>();
  private loading: Promise<void> | undefined;

  constructor(
    private readonly initial: TSnapshot,
    private readonly module: ModuleLoader<TModule>,
    private readonly create: (module: TModule) => ActorLike<TSnapshot, TEvent>,
  ) {
    const loaded = module.loaded();
    if (loaded) this.start(loaded);
  }

  send(event: TEvent): void {
    if (this.actor) {
      this.actor.send(event);
      return;
    }
    this.pending.push(event);
    void this.load();
  }

  getSnapshot(): TSnapshot {
    return this.actor ? this.actor.getSnapshot() : this.initial;
  }

  /** Same call shapes as an XState actor's `subscribe` (a function or an observer). */
  subscribe(listener: Listener<TSnapshot>): Subscription {
    const next = typeof listener === 'function' ? listener : (snapshot: TSnapshot) => listener.next?.(snapshot);
    this.listeners.add(next);
    return { unsubscribe: () => void this.listeners.delete(next) };
  }

  /** Loads and starts the machine (once); resolves when the actor is live. */
  load(): Promise<void> {
    if (this.actor) return Promise.resolve();
    this.loading ??= this.module.load().then(
      (module) => {
        if (!this.actor) this.start(module);
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Stops the machine (a component's actor, when the component goes away). */
  stop(): void {
    this.actor?.stop?.();
    this.listeners.clear();
  }

  get started(): boolean {
    return this.actor !== undefined;
  }

  private start(module: TModule) {
    const actor = this.create(module);
    this.actor = actor;
    actor.subscribe((snapshot) => {
      for (const listener of this.listeners) listener(snapshot);
    });
    const queued = this.pending;
    this.pending = [];
    for (const event of queued) actor.send(event);
    const snapshot = actor.getSnapshot();
    for (const listener of this.listeners) listener(snapshot);
  }
}

/** Loads a module once and remembers it, so later actors can start synchronously. */
export class ModuleLoader<TModule> {
  private value: TModule | undefined;
  private promise: Promise<TModule> | undefined;

  private readonly importer: () => Promise<TModule>;

  /** The import goes through the chunk guard: a replaced deploy reloads the page (at most once a minute). */
  constructor(importer: () => Promise<TModule>) {
    this.importer = guardChunk(importer);
  }

  load(): Promise<TModule> {
    this.promise ??= this.importer().then(
      (module) => {
        this.value = module;
        return module;
      },
      (error: unknown) => {
        // Forget the failure so the next use tries again (a chunk that failed may load on retry).
        this.promise = undefined;
        throw error;
      },
    );
    return this.promise;
  }

  loaded(): TModule | undefined {
    return this.value;
  }
}
