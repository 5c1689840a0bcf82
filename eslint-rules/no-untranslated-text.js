/**
 * Words a person reads come from the message catalogue (decision 113), never from a component's
 * source: this rule fails on JSX text and on the attributes people read (aria-label, placeholder,
 * title, alt) when they hold letters written in the code — directly, or as a string or template
 * in `{…}` (through `?:`, `&&` and `||`). Symbols, punctuation, digits and spaces are allowed
 * (" · ", "★", "—"), and so are the names in `allow` (a brand reads the same in every language).
 * The operator's screens are English by decision 119: the configuration leaves them out.
 */
const READ_ATTRIBUTES = new Set(["aria-label", "placeholder", "title", "alt"]);
const LETTER = /\p{L}/u;

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Text a person reads comes from the message catalogue, not from a component" },
    schema: [{ type: "object", properties: { allow: { type: "array", items: { type: "string" } } }, additionalProperties: false }],
    messages: {
      text: 'Text "{{text}}" is written into the component: take it from the message catalogue (m.<key>()).',
    },
  },
  create(context) {
    const allowed = new Set(context.options[0]?.allow ?? []);
    const hasWords = (text) => {
      const words = text.trim();
      return words !== "" && !allowed.has(words) && LETTER.test(words);
    };
    const report = (node, text) => context.report({ node, messageId: "text", data: { text: text.trim().slice(0, 40) } });

    /** Strings an expression may give as they stand: a literal, a template's own parts, either branch. */
    function checkExpression(node) {
      if (!node) return;
      switch (node.type) {
        case "Literal":
          if (typeof node.value === "string" && hasWords(node.value)) report(node, node.value);
          return;
        case "TemplateLiteral":
          for (const quasi of node.quasis) if (hasWords(quasi.value.cooked ?? "")) report(quasi, quasi.value.cooked ?? "");
          return;
        case "ConditionalExpression":
          checkExpression(node.consequent);
          checkExpression(node.alternate);
          return;
        case "LogicalExpression":
          checkExpression(node.right);
          if (node.operator !== "&&") checkExpression(node.left);
          return;
        default:
      }
    }

    const inJsxChildren = (node) => node.parent && (node.parent.type === "JSXElement" || node.parent.type === "JSXFragment");

    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (inJsxChildren(node)) checkExpression(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : "";
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === "Literal") checkExpression(node.value);
        else if (node.value.type === "JSXExpressionContainer") checkExpression(node.value.expression);
      },
    };
  },
};
