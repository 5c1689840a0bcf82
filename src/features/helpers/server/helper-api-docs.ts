/**
 * The words the API document gives the helper routes: what each answers and refuses, beside the
 * schemas that say the rest (docs/decisions/091).
 */

const tags = ["helpers"];

export const LISTING_DOCS = {
  tags,
  summary: "List the helpers families can see",
  description: [
    "A page of cards: `{ items, total, page, pageSize }`, with `availableFrom` and her `age`, never the date of birth.",
    "",
    "A list parameter may be repeated (`skill=cooking&skill=infant` is `skill=cooking,infant`); any other parameter",
    "given twice counts as its last value. A value the lists do not know (`skill=juggling`) gives an empty page with",
    "`unknown: [{ param, value }]`; a malformed one (`availableBy=2027-02-30`, `page=x`, `ageMin=40&ageMax=30`) gives",
    '400 with each parameter named in `error.fields` (`{ "availableBy": "availableBy must be a date (YYYY-MM-DD)" }`)',
    "and the messages joined in `error.message`.",
    "",
    "The listing pages (`/posts`, `/posts/categories/*`, `/posts/users/*`) read the same parameters but never answer",
    "400: they leave a malformed parameter out, show the rest, and say so in a plain note.",
  ].join("\n"),
};

export const RECORD_DOCS = {
  tags,
  summary: "Read a helper's public record",
  description:
    "The whole public biodata; 404 when the id is unknown or the biodata is a draft. Her `age`, but never the date " +
    "of birth, the A2 medical history (`allergies`, `illnesses`, `illnessOther`, `disabilities`) or the private " +
    "details, whoever asks (decision 086): the owner reads those through `GET /api/me/helpers`.",
};

const BODY_NOTE = [
  "The body is the biodata (parts A to D of the Ministry of Manpower's standard form). Catalogue fields take",
  "labels, slugs or the old site's spellings, any case, and are stored as slugs; numbers may be sent as text.",
  "Parts A to D may be left out: an older client that sends none of them keeps them empty on create and unchanged",
  "on PATCH (the lists and `skills` then count as empty). `skills` is `{ area: { willing, experienced, years,",
  "rating, detail, note } }`: years given means experienced, `rating` null means N.A. `employment` rows run from",
  "`YYYY-MM` to `YYYY-MM`, from 1970 to this month, and do not end before they start. `availableFrom` is null",
  "for now, at most two years ahead; `interview` empty means not available for interview.",
  "",
  "An available biodata needs a photo (a key from `POST /api/uploads`): making one available without it is refused",
  "with 400 naming `photo`; a draft may lack one. When the site confirms e-mail addresses, a status families would",
  "see (available, reserved, hired) waits for the supplier's confirmed address: refused with 403 `email_not_verified`",
  "(drafts never wait). One account may create, save or delete biodata 3 times a second and 30 times a minute: more",
  "is 429 with `Retry-After`.",
].join("\n");

export const CREATE_DOCS = {
  tags,
  summary: "Create a biodata",
  description: `The signed-in supplier's own; answered with the record as the owner sees it (with \`dateOfBirth\`, the medical history and \`privateDetails\`) and its address in \`Location\`.\n\n${BODY_NOTE}`,
};

export const UPDATE_DOCS = {
  tags,
  summary: "Change a biodata",
  description: `Its supplier's or an operator's; 403 for anyone else, whatever the body. Only the fields sent change, but \`skills\` and \`employment\` are replaced whole.\n\n${BODY_NOTE}`,
};

export const DELETE_DOCS = {
  tags,
  summary: "Delete a biodata",
  description: "Its supplier's or an operator's; its photos go with it.",
};

export const OWN_LIST_DOCS = {
  tags,
  summary: "The signed-in supplier's own biodata",
  description: "Every one of theirs, with `dateOfBirth` and the medical history. Never kept by a cache.",
};
