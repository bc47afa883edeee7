/** The server's (or the browser's) word on one field, under it; the field points to it with aria-describedby. */
import { fieldError } from '../styles/editor.css';

export function FieldError({ id, message, alert }: { id: string; message: string; alert?: boolean }) {
  return (
    <p id={id} className={fieldError} hidden={!message} role={alert && message ? 'alert' : undefined}>
      {message}
    </p>
  );
}
