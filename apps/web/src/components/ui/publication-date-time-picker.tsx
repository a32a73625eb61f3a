import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { instantToWallTime } from '@refugio/contracts';
import { IconCalendarClock } from '@tabler/icons-react';
import { useId } from 'react';

interface PublicationDateTimePickerProps {
  /** The organisation's time zone: the picker shows and returns its wall time. */
  timeZone: string;
  /** Wall time 'YYYY-MM-DD HH:mm:ss' in `timeZone`, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  label?: string;
  error?: string | undefined;
  required?: boolean;
  onBlur?: () => void;
  /** For a form library to focus the field with an error. */
  inputRef?: React.Ref<HTMLButtonElement>;
}

/**
 * A publication date and time, picked in the organisation's time zone (whatever the device's is) and never
 * in the past. Turn the wall time into an instant with `wallTimeToInstant` from contracts before sending it.
 * Shared by Publicaciones Programadas, the pet form and the pet list's bulk actions.
 */
export function PublicationDateTimePicker({
  timeZone,
  value,
  onChange,
  label = 'Fecha y hora de publicación',
  error,
  required,
  onBlur,
  inputRef,
}: PublicationDateTimePickerProps) {
  const now = instantToWallTime(new Date(), timeZone);
  // One id for the field and its popover: the calendar dialog is named by the field it belongs to.
  const id = useId();
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DateTimePicker
        ref={inputRef}
        id={id}
        label={label}
        required={required}
        onBlur={onBlur}
        description={`Hora de ${timeZone.replace(/_/g, ' ')}`}
        placeholder="Elige el día y la hora"
        valueFormat="DD/MM/YYYY HH:mm:ss"
        withSeconds
        clearable
        clearButtonProps={{ 'aria-label': 'Borrar la fecha y hora' }}
        minDate={now}
        value={value}
        onChange={onChange}
        error={error}
        leftSection={<IconCalendarClock size={16} aria-hidden="true" />}
        popoverProps={{ withinPortal: true, id }}
        submitButtonProps={{ 'aria-label': 'Aceptar fecha y hora' }}
        timePickerProps={{ hoursInputLabel: 'Horas', minutesInputLabel: 'Minutos', secondsInputLabel: 'Segundos' }}
      />
    </DatesProvider>
  );
}
