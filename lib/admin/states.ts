export { APPLICATION_STATES, type ApplicationState } from "@/lib/db/schema/applications";
