/** The demo feature as other code sees it: the demo suppliers and helpers a new site starts with. */
export { DEMO_PASSWORD, DEMO_SUPPLIERS, seedDemoData } from "./server/demo";
export { sayDemoSignIns, writeDemoOnStart } from "./server/demo-start";
