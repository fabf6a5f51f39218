// The enable_api_logging setting is on by default: keep the request log lines out of the test
// output. Tests that read them install their own destination (setApiLogDestination).
import { setApiLogDestination } from "@/server/http/request-log";

setApiLogDestination({ write: () => {} });
