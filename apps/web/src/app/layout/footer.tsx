import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './backend-layout.module.css';

const currentYear = new Date().getFullYear();

export function Footer() {
  return (
    <Group component="footer" className={classes.footer} justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        © {currentYear} Refugio Admin
      </Text>
      <Text size="sm" c="dimmed">
        Hecho con cariño para los animales del refugio ·{' '}
        <Anchor component={Link} to="/blocks/styles" size="sm" c="dimmed" underline="always">
          Guía de estilos
        </Anchor>
      </Text>
    </Group>
  );
}
