// The dashboard's floating AI assistant (shown only when the plan includes it).
export { AssistantChat } from "./components/assistant-chat";
