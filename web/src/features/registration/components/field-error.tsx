/** The message under a field; its id is what the field's aria-describedby points at. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form-field__error">
      {message}
    </p>
  );
}
