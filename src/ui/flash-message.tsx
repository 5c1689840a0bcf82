import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useRootData } from "./root-data";

/**
 * The confirmation of what a signed-in person just did ("Saved the biodata of Maria Santos."),
 * on the page the form sent them to. The region is there, empty, on every signed-in page, so a
 * screen reader announces the words when a client-side navigation puts them in. The root
 * loader's data outlives the page it came with, so the words are shown only at the location
 * they arrived with: moving on to another page leaves them behind.
 */
export function FlashMessage() {
  const { viewer, flash } = useRootData();
  const location = useLocation();
  const [shown, setShown] = useState(flash ? { id: flash.id, at: location.key } : null);
  // A new message arrived with this navigation: it belongs to this location.
  if (flash && shown?.id !== flash.id) setShown({ id: flash.id, at: location.key });
  const text = flash && shown?.id === flash.id && shown.at === location.key ? flash.text : "";
  const region = useRef<HTMLDivElement>(null);
  // A form's redirect keeps the scroll of the long form it left: the words would be out of sight.
  useEffect(() => {
    if (text && (region.current?.getBoundingClientRect().top ?? 0) < 0) window.scrollTo({ top: 0 });
  }, [text]);
  if (!viewer) return null;
  return (
    <div className="flash-message" role="status" aria-live="polite" ref={region}>
      {text ? <p className="form-success">{text}</p> : null}
    </div>
  );
}
