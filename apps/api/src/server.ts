import { setHeapFlags } from "./heap-flags";

// The heap's flags are set before the service's modules are evaluated (they are imported only
// after it): V8 decides about the allocation sites of the code as it loads and starts.
setHeapFlags();
await import("./main");
