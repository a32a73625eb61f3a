import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Autocomplete, Fieldset, Group, Input, Text } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { dayInZone } from '@refugio/contracts';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { TIME_CHOICES, describeWallTime, formatTimeOfDay, joinWallTime, parseTimeOfDay, splitWallTime } from '../../lib/time-of-day';

interface PublicationDateTimePickerProps {
  /** The organisation's time zone: the picker shows and returns its wall time. */
  timeZone: string;
  /** Wall time 'YYYY-MM-DD HH:mm:ss' in `timeZone` (seconds are always 00), or null. */
  value: string | null;
  /** The wall time once both the day and a whole time are given, else null. */
  onChange: (value: string | null) => void;
  label?: string;
  error?: string | undefined;
  required?: boolean;
  onBlur?: () => void;
  /** For a form library to focus the field with an error (the day). */
  inputRef?: React.Ref<HTMLButtonElement>;
}

export const timeFieldMessages = {
  day: 'Día',
  time: 'Hora',
  timePlaceholder: 'p. ej. 10:30',
  timeInvalid: 'Escribe la hora con horas y minutos, por ejemplo 10:30 o 1030.',
  timeMissing: 'Falta la hora.',
  dayMissing: 'Falta el día.',
  willPublish: (when: string) => `Se publicará ${when}.`,
} as const;

/**
 * A publication date and time, picked in the organisation's time zone (whatever the device's is), in hours and
 * minutes: the day from a calendar (never a past day), the time typed as people write it ("1030", "10:30",
 * "9:05", read by `parseTimeOfDay`) or chosen from a half-hour list. Before anything is confirmed it says what
 * will be saved in words ("Se publicará el martes 25 de noviembre a las 10:30."). Turn the wall time into an
 * instant with `wallTimeToInstant` from contracts before sending it. Shared by Publicaciones Programadas, the
 * pet form and the pet list's bulk actions.
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
  const errorId = useId();
  // One id for the day field and its popover: the calendar dialog is named by the field it belongs to.
  const dayId = useId();
  const initial = splitWallTime(value);
  const [day, setDay] = useState<string | null>(initial?.day ?? null);
  const [timeText, setTimeText] = useState(initial ? formatTimeOfDay(initial.time) : '');
  const [timeTouched, setTimeTouched] = useState(false);
  const [emitted, setEmitted] = useState<string | null>(value);

  // A value set from outside (a form reset, another pet) replaces what the fields hold.
  if (value !== emitted) {
    const parts = splitWallTime(value);
    setEmitted(value);
    setDay(parts?.day ?? null);
    setTimeText(parts ? formatTimeOfDay(parts.time) : '');
    setTimeTouched(false);
  }

  const emit = (nextDay: string | null, nextTimeText: string) => {
    const time = parseTimeOfDay(nextTimeText);
    const next = nextDay && time ? joinWallTime(nextDay, time) : null;
    setEmitted(next);
    if (next !== value) onChange(next);
  };

  const time = parseTimeOfDay(timeText);
  const timeError = timeTouched && timeText.trim() !== '' && !time ? timeFieldMessages.timeInvalid : undefined;
  const today = dayInZone(new Date(), timeZone);
  const sentence = value ? describeWallTime(value, Number(today.slice(0, 4))) : '';
  let hint: string | null = null;
  if (sentence) hint = timeFieldMessages.willPublish(sentence);
  else if (day && !timeText.trim()) hint = timeFieldMessages.timeMissing;
  else if (!day && time) hint = timeFieldMessages.dayMissing;

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Fieldset
        variant="unstyled"
        legend={
          <Text component="span" size="sm" fw={500}>
            {label}
            {required ? (
              <Text component="span" c="red" aria-hidden="true">
                {' *'}
              </Text>
            ) : null}
          </Text>
        }
        aria-describedby={error ? errorId : undefined}
      >
        <Text size="xs" c="dimmed" mb={6}>
          Hora de {timeZone.replace(/_/g, ' ')}
        </Text>
        <Group gap="sm" align="flex-start" wrap="nowrap" grow>
          <DatePickerInput
            ref={inputRef}
            id={dayId}
            label={timeFieldMessages.day}
            required={required}
            withAsterisk={false}
            placeholder="Elige el día"
            valueFormat="ddd D MMM YYYY"
            minDate={today}
            value={day}
            onChange={(next) => {
              setDay(next);
              emit(next, timeText);
            }}
            onDropdownClose={onBlur}
            error={Boolean(error) && !day}
            leftSection={<IconCalendar size={16} aria-hidden="true" />}
            popoverProps={{ withinPortal: true, id: dayId }}
            miw={0}
          />
          <Autocomplete
            label={timeFieldMessages.time}
            required={required}
            withAsterisk={false}
            placeholder={timeFieldMessages.timePlaceholder}
            inputMode="decimal"
            autoComplete="off"
            data={TIME_CHOICES as string[]}
            limit={48}
            maxDropdownHeight={220}
            value={timeText}
            onChange={(next) => {
              setTimeText(next);
              emit(day, next);
            }}
            onBlur={() => {
              setTimeTouched(true);
              // What was understood is written back: "1030" becomes "10:30".
              const parsed = parseTimeOfDay(timeText);
              if (parsed) setTimeText(formatTimeOfDay(parsed));
              onBlur?.();
            }}
            error={timeError ?? (Boolean(error) && Boolean(day) && !time)}
            leftSection={<IconClock size={16} aria-hidden="true" />}
            comboboxProps={{ withinPortal: true }}
            miw={0}
          />
        </Group>
        {/* Always in the page, so screen readers hear each change of what will be saved. */}
        <Text size="sm" mt={hint ? 6 : 0} role="status" fw={sentence ? 600 : undefined}>
          {hint}
        </Text>
        {error ? (
          <Input.Error id={errorId} mt={4}>
            {error}
          </Input.Error>
        ) : null}
      </Fieldset>
    </DatesProvider>
  );
}
