// The site's styles, minified by the build, for the page head (see site-css.ts). A new style
// file is added here, not imported by a component, so it arrives with the page.
import app from "./app.css?inline";
import accounts from "./styles/accounts.css?inline";
import operator from "./styles/operator.css?inline";
import biodataEditor from "./styles/biodata-editor.css?inline";
import forms from "./styles/forms.css?inline";
import visitor from "./styles/visitor.css?inline";
import conversations from "./styles/conversations.css?inline";
import jobs from "./styles/jobs.css?inline";
import burmeseFont from "./styles/burmese-font.css?inline";

export const siteCss = [burmeseFont, app, forms, visitor, biodataEditor, accounts, operator, conversations, jobs].join("\n");
