# workerd's configuration for the smoke worker (scripts/test-runtimes.ts fills in the port).
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "smoke", worker = .smokeWorker)],
  sockets = [(name = "http", address = "127.0.0.1:PORT", http = (), service = "smoke")],
);

const smokeWorker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "worker.js"),
    (name = "mlkem.wasm", wasm = embed "mlkem.wasm"),
  ],
  compatibilityDate = "2026-11-01",
);
